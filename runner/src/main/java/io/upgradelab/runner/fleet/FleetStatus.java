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
 * @param lastStop   what the fleet's last stop of providers (shrink, client batch) achieved; null from an older fleet
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FleetStatus(Map<String, Integer> providers, Map<String, Integer> processes, int target, boolean busy,
                          long registrationFailures, long clientErrors, String lastError, StopReport lastStop,
                          double beatsPerSecond, double nominalBeatsPerSecond, double cpuPercent, long rssBytes) {

    public int totalProviders() {
        return providers.values().stream().mapToInt(Integer::intValue).sum();
    }

    public int providers(String generation) {
        return providers.getOrDefault(generation, 0);
    }

    /**
     * One stop of providers against the server: deregistration is tried within a budget, and what
     * the server did not confirm is left to expire there by its heartbeat timeout.
     *
     * @param leftToExpire providers not deregistered (failed, or abandoned at the budget's end)
     * @param firstError   the first failed deregistration's message, or ""
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record StopReport(int requested, int deregistered, int failed, int leftToExpire, int clientsClosed,
                             String firstError, double seconds) {
    }
}
