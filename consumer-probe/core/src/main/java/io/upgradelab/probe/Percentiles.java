package io.upgradelab.probe;

import org.HdrHistogram.Histogram;

/**
 * Latency percentiles in milliseconds, as the published benchmark reports give them.
 *
 * @param count how many values they summarise (0: the percentiles mean nothing)
 */
public record Percentiles(long count, double p50, double p75, double p90, double p99, double max) {

    /** Of a histogram recorded in microseconds. */
    static Percentiles of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return new Percentiles(0, 0, 0, 0, 0, 0);
        }
        return new Percentiles(micros.getTotalCount(), millis(micros.getValueAtPercentile(50)),
                millis(micros.getValueAtPercentile(75)), millis(micros.getValueAtPercentile(90)),
                millis(micros.getValueAtPercentile(99)), millis(micros.getMaxValue()));
    }

    private static double millis(long micros) {
        return Math.round(micros / 10.0) / 100.0;
    }
}
