package io.upgradelab.journal;

import java.time.Instant;

/**
 * One second of the probe: a line of its series.jsonl, and the {@code second} of a journal
 * {@code probe} line. {@code calls} holds what happened in this second (the calls scheduled in it and
 * the calls that ended in it); {@code totals} the run so far.
 *
 * @param second           seconds since the first scheduled call (1 for the first second)
 * @param time             when this second ended
 * @param latencyMs        of the calls that ended in this second, from their intended start; null in
 *                         journals of probes older than it
 * @param lagMs            how late the calls scheduled in this second were started; null likewise
 * @param cpuPercent       the probe process's CPU over this second, in % of one core
 * @param latencyHistogram the latencies themselves ({@link LatencyHistograms}); "" from probes older
 *                         than the histograms, whose seconds cannot be merged
 */
public record ProbeSecond(long second, Instant time, CallCounts calls, CallCounts totals, Percentiles latencyMs,
                          Percentiles lagMs, double cpuPercent, String latencyHistogram) {

    public ProbeSecond {
        calls = calls == null ? CallCounts.NONE : calls;
        totals = totals == null ? CallCounts.NONE : totals;
        latencyHistogram = latencyHistogram == null ? "" : latencyHistogram;
    }
}
