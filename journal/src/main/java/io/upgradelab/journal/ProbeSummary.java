package io.upgradelab.journal;

import java.time.Instant;

/**
 * The probe's whole run: its summary.json, written once it ended, and the {@code summary} of the
 * journal's {@code probeSummary} line.
 *
 * @param client         the client that called, e.g. {@code Dubbo 2.7.23 + nacos-client 1.4.1}
 * @param label          what was called
 * @param targetRate     calls per second asked for
 * @param achievedRate   scheduled calls per second achieved (to 0.001)
 * @param started        the first scheduled call's intended start
 * @param ended          when the last call ended
 * @param callingSeconds how long calls were scheduled
 * @param balanced       every scheduled call was accounted for with an outcome
 * @param totals         every scheduled call by outcome (in flight is 0 unless a call never ended)
 * @param latencyMs      every ended call, from its intended start
 * @param lagMs          how late calls were started against the schedule
 * @param cpuPercent     the probe process's CPU while calling, in % of one core
 */
public record ProbeSummary(String client, String label, double targetRate, double achievedRate, Instant started,
                           Instant ended, double callingSeconds, boolean balanced, CallCounts totals,
                           Percentiles latencyMs, Percentiles lagMs, double cpuPercent) {

    /** The summary of a run that scheduled {@code totals} over {@code callingSeconds}. */
    public static ProbeSummary of(String client, String label, double targetRate, Instant started, Instant ended,
                                  double callingSeconds, CallCounts totals, Percentiles latency, Percentiles lag,
                                  double cpuPercent) {
        double achieved = callingSeconds == 0 ? 0 : Math.round(totals.scheduled() / callingSeconds * 1000) / 1000.0;
        boolean balanced = totals.inFlight() == 0 && totals.scheduled() == totals.ended();
        return new ProbeSummary(client, label, targetRate, achieved, started, ended, callingSeconds, balanced, totals,
                latency, lag, cpuPercent);
    }
}
