package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * The probe's whole run: its summary.json, written once it ended, and the {@code summary} of the
 * journal's {@code probeSummary} line. Its achieved rate and whether it balanced are derived from
 * its other fields, so they cannot disagree with them: written in both files, ignored when read.
 *
 * @param client         the client that called, e.g. {@code Dubbo 2.7.23 + nacos-client 1.4.1}
 * @param label          what was called
 * @param targetRate     calls per second asked for
 * @param started        the first scheduled call's intended start
 * @param ended          when the last call ended
 * @param callingSeconds how long calls were scheduled
 * @param totals         every scheduled call by outcome (in flight is 0 unless a call never ended)
 * @param latencyMs      every ended call, from its intended start
 * @param lagMs          how late calls were started against the schedule
 * @param cpuPercent     the probe process's CPU while calling, in % of one core
 */
@JsonPropertyOrder({"client", "label", "targetRate", "achievedRate", "started", "ended", "callingSeconds", "balanced",
        "totals", "latencyMs", "lagMs", "cpuPercent"})
public record ProbeSummary(String client, String label, double targetRate, Instant started, Instant ended,
                           double callingSeconds, CallCounts totals, Percentiles latencyMs, Percentiles lagMs,
                           double cpuPercent) {

    /** The summary of a run that scheduled {@code totals} over {@code callingSeconds}. */
    public static ProbeSummary of(String client, String label, double targetRate, Instant started, Instant ended,
                                  double callingSeconds, CallCounts totals, Percentiles latency, Percentiles lag,
                                  double cpuPercent) {
        return new ProbeSummary(client, label, targetRate, started, ended, callingSeconds, totals, latency, lag,
                cpuPercent);
    }

    /** Scheduled calls per second achieved (to 0.001); 0 if no time was spent calling. */
    @JsonProperty(value = "achievedRate", access = JsonProperty.Access.READ_ONLY)
    public double achievedRate() {
        return callingSeconds == 0 ? 0 : Math.round(totals.scheduled() / callingSeconds * 1000) / 1000.0;
    }

    /** Every scheduled call was accounted for with an outcome. */
    @JsonProperty(value = "balanced", access = JsonProperty.Access.READ_ONLY)
    public boolean balanced() {
        return totals.inFlight() == 0 && totals.scheduled() == totals.ended();
    }
}
