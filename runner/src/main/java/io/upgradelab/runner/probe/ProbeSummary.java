package io.upgradelab.runner.probe;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The probe's summary.json: the whole run, written once it ended. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProbeSummary(String client, String label, double targetRate, double achievedRate, String started,
                           String ended, double callingSeconds, boolean balanced, ProbeCounts totals,
                           ProbeLatency latencyMs, ProbeLatency lagMs, double cpuPercent) {
}
