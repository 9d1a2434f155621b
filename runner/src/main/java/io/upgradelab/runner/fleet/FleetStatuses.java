package io.upgradelab.runner.fleet;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A fleet made of several fleet processes (a pod each, on Kubernetes) read as one: what the phases,
 * the observers and the journal expect of one fleet's {@code GET /state}.
 */
public final class FleetStatuses {

    private FleetStatuses() {
    }

    /**
     * Counts, failures, beats, CPU and memory summed; busy when any is; the first last error and failed operation. The
     * target and the last stop are the whole fleet's, which no one process knows: {@code target} and
     * {@code lastStop}, as the caller keeps them.
     */
    public static FleetStatus sum(List<FleetStatus> parts, int target, StopReport lastStop) {
        return sum(parts, target, lastStop, false);
    }

    /** {@link #sum(List, int, StopReport)}, busy too while {@code pending}: work the caller has under way. */
    public static FleetStatus sum(List<FleetStatus> parts, int target, StopReport lastStop, boolean pending) {
        Map<String, Integer> providers = new TreeMap<>();
        Map<String, Integer> processes = new TreeMap<>();
        boolean busy = pending;
        long registrationFailures = 0;
        long clientErrors = 0;
        String lastError = "";
        String failedOperation = "";
        double beats = 0;
        double nominal = 0;
        double cpu = 0;
        long rss = 0;
        for (FleetStatus part : parts) {
            part.providers().forEach((client, n) -> providers.merge(client, n, Integer::sum));
            part.processes().forEach((client, n) -> processes.merge(client, n, Integer::sum));
            busy |= part.busy();
            registrationFailures += part.registrationFailures();
            clientErrors += part.clientErrors();
            lastError = lastError.isEmpty() ? part.lastError() : lastError;
            failedOperation = failedOperation.isEmpty() ? part.failedOperation() : failedOperation;
            beats += part.beatsPerSecond();
            nominal += part.nominalBeatsPerSecond();
            cpu += part.cpuPercent();
            rss += part.rssBytes();
        }
        return new FleetStatus(providers, processes, target, busy, registrationFailures, clientErrors, lastError,
                lastStop, beats, nominal, cpu, rss, failedOperation);
    }

    /** Several stops that were one (a shrink over several processes) as one report: counts summed, the longest time. */
    public static StopReport sum(List<StopReport> stops) {
        int requested = 0;
        int deregistered = 0;
        int failed = 0;
        int leftToExpire = 0;
        int clientsClosed = 0;
        String firstError = "";
        double seconds = 0;
        for (StopReport stop : stops) {
            requested += stop.requested();
            deregistered += stop.deregistered();
            failed += stop.failed();
            leftToExpire += stop.leftToExpire();
            clientsClosed += stop.clientsClosed();
            firstError = firstError.isEmpty() ? stop.firstError() : firstError;
            seconds = Math.max(seconds, stop.seconds());
        }
        return new StopReport(requested, deregistered, failed, leftToExpire, clientsClosed, firstError, seconds);
    }
}
