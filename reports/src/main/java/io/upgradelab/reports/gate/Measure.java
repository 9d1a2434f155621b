package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Optional;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apache.commons.statistics.interval.BinomialConfidenceInterval;

/**
 * The figure a criterion decided on, with what a reader needs to trust it: its value, the bound it was
 * held to, how sure the value is and how many observations it stands on. Flagger's and Krkn's users ask
 * for exactly this beside a verdict; without it "PASS" cannot be told from "PASS on three samples".
 * Every criterion line of the gate starts with it ({@link #text()}), and gate JSON carries it whole.
 *
 * <p>How sure: a 95 % interval where the value is an estimate from samples (a success rate: Wilson's
 * score interval; a percentile: the distribution-free interval from order statistics; a shift against a
 * baseline: Hodges-Lehmann's with Mann-Whitney, {@link io.upgradelab.reports.FigureShift}); none where
 * the value is a count of what happened in the run (errors, flapping events, violations), which is exact.
 *
 * @param value    the figure, in {@code unit}
 * @param unit     "%", "s", "events", "x" ...
 * @param bound    the criterion's bound: its words ("at least 99.0 %", "at most 0") and its number
 * @param interval its 95 % interval; null where the value is exact (a count)
 * @param n        how many observations the value stands on
 * @param of       what was observed, e.g. "calls", "CPU samples", "acknowledged operations"
 */
public record Measure(double value, String unit, Bound bound,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Interval interval, long n, String of) {

    /**
     * A bound as a number and a side, for a pipeline to read without parsing prose.
     *
     * @param comparison "atLeast" or "atMost": the side that passes
     * @param value      the bound's number, in the measure's unit (a ratio for unit "x")
     */
    public record Threshold(String comparison, double value) {
    }

    /** The confidence of every interval a measure gives. */
    public static final double CONFIDENCE = 0.95;

    /**
     * A 95 % interval. A side the evidence cannot bound is null: a 95th percentile from 36 samples has no
     * upper bound at 95 % (all 36 fall under the true p95 about 16 % of the time), and saying so is the point.
     *
     * @param low    the lower end; null when unbounded
     * @param high   the upper end; null when unbounded
     * @param method how it was figured, e.g. "Wilson"
     */
    public record Interval(Double low, Double high, String method) {

        /** "95 % CI 98.9 to 99.7 (Wilson)", "95 % CI 41.0 to unbounded (order statistics)". */
        String text() {
            if (low == null && high == null) {
                return "no 95 % interval: " + method;
            }
            return "95 % CI " + end(low) + " to " + end(high) + " (" + method + ")";
        }

        private static String end(Double value) {
            return value == null ? "unbounded" : number(value);
        }
    }

    /** A figure from too little to give an interval, {@code why}: a ratio of one figure a side. */
    public static Measure withoutInterval(double value, String unit, Bound bound, long n, String of, String why) {
        return new Measure(value, unit, bound, new Interval(null, null, why), n, of);
    }

    /** What happened in the run, counted or timed (errors, events, seconds an upgrade took): exact, no interval. */
    public static Measure count(double value, String unit, Bound bound, long n, String of) {
        return new Measure(value, unit, bound, null, n, of);
    }

    /**
     * A success rate in %: {@code successes} of {@code trials}, with Wilson's score interval, which keeps
     * its coverage near 100 % and with few trials, where the normal approximation's does not.
     */
    public static Measure successRate(long successes, long trials, Bound bound, String of) {
        if (trials == 0) {
            return count(Double.NaN, "%", bound, 0, of);
        }
        org.apache.commons.statistics.interval.Interval wilson = BinomialConfidenceInterval.WILSON_SCORE
                .fromErrorRate((int) Math.min(trials, Integer.MAX_VALUE), (int) Math.min(successes, Integer.MAX_VALUE),
                        1 - CONFIDENCE);
        return new Measure(100.0 * successes / trials, "%", bound,
                new Interval(100 * wilson.getLowerBound(), 100 * wilson.getUpperBound(), "Wilson"), trials, of);
    }

    /**
     * The {@code quantile} of {@code samples} with its distribution-free interval: the order statistics
     * whose ranks a binomial(n, quantile) count puts around it (Hahn and Meeker, Statistical Intervals,
     * 5.2). Ranks outside 1..n leave that side unbounded. {@code value} is the figure the run reported
     * (its own percentile definition), the interval comes from the samples.
     */
    public static Measure percentile(double value, double[] samples, double quantile, String unit, Bound bound,
                                     String of) {
        double[] sorted = Arrays.stream(samples).filter(Double::isFinite).sorted().toArray();
        int n = sorted.length;
        if (n == 0) {
            return count(value, unit, bound, 0, of);
        }
        BinomialDistribution ranks = BinomialDistribution.of(n, quantile);
        double alpha = (1 - CONFIDENCE) / 2;
        int lower = ranks.inverseCumulativeProbability(alpha);        // P(rank count < lower) <= alpha
        int upper = ranks.inverseCumulativeProbability(1 - alpha) + 1;
        return new Measure(value, unit, bound, new Interval(lower >= 1 ? sorted[lower - 1] : null,
                upper <= n ? sorted[upper - 1] : null, "order statistics"), n, of);
    }

    /**
     * "99.98 % (at least 99.0 %; 95 % CI 99.95 to 99.99 (Wilson); n 18100 calls)", or for a count
     * "3 flapping events (at most 0; exact; n 28 instance-count samples)".
     */
    public String text() {
        String number = number(value);
        String figure = switch (unit) {
            case "" -> number;
            case "x" -> "x" + number;
            default -> number + " " + unit;
        };
        return figure + " (" + bound + "; " + (interval == null ? "exact" : interval.text()) + "; n " + n + " "
                + of + ")";
    }

    /** {@link #bound} as a number and a side; empty where it is words alone ("minimum effect ..."). */
    public Optional<Threshold> threshold() {
        return Optional.ofNullable(bound.threshold());
    }

    /**
     * {@link #number}, but a figure under 1 to three significant digits: a bound of 0.005 on an error rate must
     * not read, nor reach a pipeline's threshold, as 0.01.
     */
    static String significant(double value) {
        if (!Double.isFinite(value) || value == 0 || Math.abs(value) >= 1) {
            return number(value);
        }
        return BigDecimal.valueOf(value).round(new MathContext(3, RoundingMode.HALF_UP)).stripTrailingZeros()
                .toPlainString();
    }

    /** Up to two decimals, no trailing zeros: a success rate's interval of 99.95 to 99.99 must not read "100 to 100". */
    static String number(double value) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString() : String.valueOf(value);
    }
}
