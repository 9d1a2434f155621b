package io.upgradelab.probe;

import java.time.Instant;

/**
 * The whole run, written once it ends (summary.json).
 *
 * @param client         the client generation that called, e.g. {@code Dubbo 2.7.23 + nacos-client 1.4.1}
 * @param label          what was called
 * @param targetRate     calls per second asked for
 * @param started        the first scheduled call's intended start
 * @param ended          when the last call ended
 * @param callingSeconds how long calls were scheduled
 * @param totals         every scheduled call by outcome (in flight is 0 unless a call never ended)
 * @param latency        every ended call, from its intended start
 * @param lag            how late calls were started against the schedule
 * @param cpuPercent     the probe process's CPU while calling, in % of one core
 */
public record ProbeSummary(String client, String label, double targetRate, Instant started, Instant ended,
                           double callingSeconds, Counts totals, Percentiles latency, Percentiles lag,
                           double cpuPercent) {

    /** Scheduled calls per second actually achieved. */
    public double achievedRate() {
        return callingSeconds == 0 ? 0 : totals.scheduled() / callingSeconds;
    }

    /** Every scheduled call was accounted for with an outcome. */
    public boolean balanced() {
        return totals.inFlight() == 0 && totals.scheduled() == totals.ended();
    }
}
