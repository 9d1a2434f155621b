package io.upgradelab.probe;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Two clocks the probe keeps, in microseconds. Latency runs from a call's intended start, not from
 * when it was sent, so a stall of the probe or the client shows up instead of hiding (the
 * coordinated-omission trap). Lag is how late the probe started a call against the schedule: the
 * probe's own error, which its benchmark bounds.
 */
final class Timings {

    /** Values above an hour are recorded as an hour. */
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private final Recorder latency = new Recorder(HIGHEST_MICROS, 3);
    private final Recorder lag = new Recorder(HIGHEST_MICROS, 3);
    private final Histogram allLatency = new Histogram(HIGHEST_MICROS, 3);
    private final Histogram allLag = new Histogram(HIGHEST_MICROS, 3);
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
        return new Interval(Percentiles.of(latencyRecycled), Percentiles.of(lagRecycled), encode(latencyRecycled));
    }

    /** What the clocks recorded over one interval; the latency histogram too, encoded, for exact merging later. */
    record Interval(Percentiles latency, Percentiles lag, String latencyHistogram) {
    }

    /** HdrHistogram's own compressed form, in base64: what its log format writes, and decodes. */
    private static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_SPEED);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    synchronized Percentiles totalLatency() {
        return Percentiles.of(allLatency);
    }

    synchronized Percentiles totalLag() {
        return Percentiles.of(allLag);
    }
}
