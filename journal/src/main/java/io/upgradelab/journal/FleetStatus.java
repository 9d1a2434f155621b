package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.upgradelab.naming.VersionOrder;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The provider fleet at one moment: what the fleet's control channel answers ({@code GET /state}),
 * what the runner acts on, and what the fleet observer journals. One record for the three, so the
 * fleet, the runner and the reports cannot drift apart.
 *
 * @param providers             registered providers per nacos-client version ("1.4.1", "2.3.2"); journals
 *                              written before client versions key them by generation ("1x", "2x")
 * @param processes             virtual processes (Nacos clients) per client version
 * @param target                the provider count the current or last operation aims at
 * @param busy                  whether an operation (scale, crash, upgrade) is still running
 * @param registrationFailures  registration calls that threw, since the fleet started (each retry of
 *                              a refused one counts again)
 * @param clientErrors          other client failures (deregister, shut down), since the fleet started
 * @param lastError             the last failure's message, or ""
 * @param lastStop              what the last stop of providers (shrink, client batch) achieved against
 *                              the server; {@link StopReport#NONE} before any
 * @param beatsPerSecond        beats the 1.x clients really sent per second, over the last 5 s or more
 * @param nominalBeatsPerSecond one beat per 1.x provider every 5 s: what a fast server would receive
 * @param cpuPercent            the fleet JVM's CPU over the last 5 s or more, percent of one core
 * @param rssBytes              the fleet JVM's resident memory
 * @param failedOperation       the last operation the fleet could not finish (a scale, a crash, a client
 *                              batch), and why; "" while none has failed, and in journals written before
 *                              the fleet said so. A fleet with one is no longer what the run asked for.
 */
public record FleetStatus(Map<String, Integer> providers, Map<String, Integer> processes, int target, boolean busy,
                          long registrationFailures, long clientErrors, String lastError, StopReport lastStop,
                          double beatsPerSecond, double nominalBeatsPerSecond, double cpuPercent, long rssBytes,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) String failedOperation) {

    public FleetStatus {
        providers = sorted(providers);
        processes = sorted(processes);
        lastError = lastError == null ? "" : lastError;
        lastStop = lastStop == null ? StopReport.NONE : lastStop;
        failedOperation = failedOperation == null ? "" : failedOperation;
    }

    /** A fleet none of whose operations failed. */
    public FleetStatus(Map<String, Integer> providers, Map<String, Integer> processes, int target, boolean busy,
                       long registrationFailures, long clientErrors, String lastError, StopReport lastStop,
                       double beatsPerSecond, double nominalBeatsPerSecond, double cpuPercent, long rssBytes) {
        this(providers, processes, target, busy, registrationFailures, clientErrors, lastError, lastStop,
                beatsPerSecond, nominalBeatsPerSecond, cpuPercent, rssBytes, "");
    }

    /** Whether an operation of the fleet failed: its providers are then not what was asked for. */
    public boolean operationFailed() {
        return !failedOperation.isEmpty();
    }

    /**
     * By client version in release order ("2.5.1" before "2.10.0"; "1x" before "2x"), so the journal and
     * reports list them alike.
     */
    private static Map<String, Integer> sorted(Map<String, Integer> byClient) {
        Map<String, Integer> sorted = new TreeMap<>(VersionOrder.NUMERIC);
        if (byClient != null) {
            sorted.putAll(byClient);
        }
        return Collections.unmodifiableMap(sorted);
    }

    public int totalProviders() {
        return providers.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The providers on client version {@code client}, exactly as the map keys it. */
    public int providers(String client) {
        return providers.getOrDefault(client, 0);
    }
}
