package io.upgradelab.journal;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * The probe's latency histograms as the files carry them: HdrHistogram's own compressed form in
 * base64, what its log format writes. Percentiles of seconds cannot be merged, histograms can: a
 * report merges a phase's seconds into exact percentiles. The one codec, for the probe that encodes
 * and the reports that decode.
 */
public final class LatencyHistograms {

    /** Values above an hour are recorded as an hour. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    /** HdrHistogram's precision: 3 significant digits. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {
    }

    /** An empty histogram of microseconds at the lab's range and precision. */
    public static Histogram empty() {
        return new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_SPEED);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram {@code base64} holds; an {@link IllegalArgumentException} saying why if it holds none. */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("a latencyHistogram does not decode: " + e.getMessage(), e);
        }
    }
}
