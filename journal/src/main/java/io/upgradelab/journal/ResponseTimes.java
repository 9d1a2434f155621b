package io.upgradelab.journal;

import org.HdrHistogram.Histogram;

/**
 * Response times in milliseconds (to 0.01 ms) in the columns of Nacos's published naming benchmark
 * reports (RT avg, min, max, p80, p95, p99), where {@link Percentiles} has the probe's. Exact: computed
 * from a histogram recorded in microseconds, never averaged from percentiles.
 *
 * @param count how many values they summarise (0: the figures mean nothing)
 */
public record ResponseTimes(long count, double avg, double min, double max, double p50, double p80, double p95,
                            double p99) {

    /** No values. */
    public static final ResponseTimes NONE = new ResponseTimes(0, 0, 0, 0, 0, 0, 0, 0);

    /** Of a histogram recorded in microseconds. */
    public static ResponseTimes of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return NONE;
        }
        return new ResponseTimes(micros.getTotalCount(), millis(micros.getMean()), millis(micros.getMinValue()),
                millis(micros.getMaxValue()), millis(micros.getValueAtPercentile(50)),
                millis(micros.getValueAtPercentile(80)), millis(micros.getValueAtPercentile(95)),
                millis(micros.getValueAtPercentile(99)));
    }

    private static double millis(double micros) {
        return Math.round(micros / 10.0) / 100.0;
    }
}
