package io.upgradelab.runner.probe;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One line of the probe's series.jsonl: the calls scheduled and ended in one second, the run's
 * totals at its end, latency from the intended start, schedule lag, and the probe's CPU; and that
 * second's latency histogram (HdrHistogram, microseconds, compressed, base64), carried into the
 * journal untouched so reports can merge seconds into exact percentiles of a phase.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProbeSecond(long second, String time, ProbeCounts calls, ProbeCounts totals,
                          ProbeLatency latencyMs, ProbeLatency lagMs, double cpuPercent, String latencyHistogram) {
}
