package io.upgradelab.runner.fleet;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Map;

/**
 * The fleet's state as its control channel reports it ({@code GET /state}); field for field the
 * JSON the fleet writes, so the runner depends on the protocol, not on the fleet's classes.
 *
 * @param providers  registered providers per client generation ("1x", "2x")
 * @param processes  virtual provider processes (Nacos clients) per generation
 * @param beatsPerSecond        beats the 1.x clients really sent per second since the previous state
 * @param nominalBeatsPerSecond one beat per 1.x provider every 5 s
 * @param cpuPercent the fleet JVM's CPU since the previous state, in percent of one core
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FleetStatus(Map<String, Integer> providers, Map<String, Integer> processes, int target, boolean busy,
                          long registrationFailures, long clientErrors, String lastError,
                          double beatsPerSecond, double nominalBeatsPerSecond, double cpuPercent, long rssBytes) {

    public int totalProviders() {
        return providers.values().stream().mapToInt(Integer::intValue).sum();
    }

    public int providers(String generation) {
        return providers.getOrDefault(generation, 0);
    }
}
