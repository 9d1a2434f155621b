package io.upgradelab.probe;

import io.upgradelab.journal.LatencyHistograms;
import io.upgradelab.journal.Percentiles;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Two clocks the probe keeps, in microseconds. Latency runs from a call's intended start, not from
 * when it was sent, so a stall of the probe or the client shows up instead of hiding (the
 * coordinated-omission trap). Lag is how late the probe started a call against the schedule: the
 * probe's own error, which its benchmark bounds.
 */
final class Timings {

    private static final long HIGHEST_MICROS = LatencyHistograms.HIGHEST_MICROS;

    private final Recorder latency = new Recorder(HIGHEST_MICROS, LatencyHistograms.SIGNIFICANT_DIGITS);
    private final Recorder lag = new Recorder(HIGHEST_MICROS, LatencyHistograms.SIGNIFICANT_DIGITS);
    private final Histogram allLatency = LatencyHistograms.empty();
    private final Histogram allLag = LatencyHistograms.empty();
    private Histogram latencyRecycled;
    private Histogram lagRecycled;

    void recordLatency(long micros) {
        latency.recordValue(Math.min(Math.max(micros, 0), HIGHEST_MICROS));
    }

    void recordLag(long micros) {
        lag.recordValue(Math.min(Math.max(micros, 0), HIGHEST_MICROS));
    }

    /** Latency and lag since the last call; both are added to the run's totals. */
    synchronized Interval closeSecond() {
        latencyRecycled = latency.getIntervalHistogram(latencyRecycled);
        lagRecycled = lag.getIntervalHistogram(lagRecycled);
        allLatency.add(latencyRecycled);
        allLag.add(lagRecycled);
        return new Interval(Percentiles.of(latencyRecycled), Percentiles.of(lagRecycled), LatencyHistograms.encode(latencyRecycled));
    }

    /** What the clocks recorded over one interval; the latency histogram too, encoded, for exact merging later. */
    record Interval(Percentiles latency, Percentiles lag, String latencyHistogram) {
    }

    synchronized Percentiles totalLatency() {
        return Percentiles.of(allLatency);
    }

    synchronized Percentiles totalLag() {
        return Percentiles.of(allLag);
    }
}
