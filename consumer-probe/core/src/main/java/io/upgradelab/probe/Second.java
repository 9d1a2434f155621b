package io.upgradelab.probe;

import java.time.Instant;

/**
 * One line of the per-second series. {@code calls} holds what happened in this second: the calls
 * scheduled in it and the calls that ended in it; {@code totals} holds the run so far, where
 * scheduled = ended + in flight always holds.
 *
 * @param second     seconds since the first scheduled call (1 for the first second)
 * @param end        when this second ended
 * @param calls      scheduled and ended in this second
 * @param totals     since the start
 * @param latency    of the calls that ended in this second, from their intended start
 * @param lag        how late the calls scheduled in this second were started
 * @param cpuPercent the probe process's CPU over this second, in % of one core
 * @param latencyHistogram the latencies themselves (HdrHistogram, microseconds, compressed, base64):
 *                   percentiles of seconds cannot be merged, histograms can, so a report can
 *                   give exact percentiles of any span of seconds (a phase, a whole run)
 */
public record Second(long second, Instant end, Counts calls, Counts totals, Percentiles latency, Percentiles lag,
                     double cpuPercent, String latencyHistogram) {
}
