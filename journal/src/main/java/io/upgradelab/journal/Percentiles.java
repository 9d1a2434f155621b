package io.upgradelab.journal;

import org.HdrHistogram.Histogram;

/**
 * Latency percentiles in milliseconds (to 0.01 ms), the columns of the published benchmark reports.
 * The only place they are computed: the probe for a second and for its run, the reports for a phase
 * (from merged seconds), all from histograms recorded in microseconds.
 *
 * @param count how many values they summarise (0: the percentiles mean nothing)
 */
public record Percentiles(long count, double p50, double p75, double p90, double p99, double max) {

    /** No values. */
    public static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0);

    /** Of a histogram recorded in microseconds. */
    public static Percentiles of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return NONE;
        }
        return new Percentiles(micros.getTotalCount(), millis(micros.getValueAtPercentile(50)),
                millis(micros.getValueAtPercentile(75)), millis(micros.getValueAtPercentile(90)),
                millis(micros.getValueAtPercentile(99)), millis(micros.getMaxValue()));
    }

    private static double millis(long micros) {
        return Math.round(micros / 10.0) / 100.0;
    }
}
