package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonValue;
import io.upgradelab.reports.gate.Measure.Threshold;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * A criterion's bound twice over: in the words the gate prints ("at least 99.0 %", "none allowed",
 * "at most 49.2 = 1.2 x 41") and, where it is a number, as a {@link Threshold} a pipeline reads. The
 * criterion that sets the bound says both, so the number is never read back out of the words (which
 * broke as soon as a bound's words put another number first).
 *
 * @param text      the words, as the gate, the summaries and gate JSON's {@code measure.bound} show them
 * @param threshold the side that passes and its number, in the measure's unit; null for a bound of words
 *                  alone ("minimum effect ...")
 */
public record Bound(String text, Threshold threshold) {

    /** At most {@code value}, worded {@code text}. */
    public static Bound atMost(double value, String text) {
        return new Bound(text, new Threshold("atMost", plain(value)));
    }

    /** At least {@code value}, worded {@code text}. */
    public static Bound atLeast(double value, String text) {
        return new Bound(text, new Threshold("atLeast", plain(value)));
    }

    /**
     * {@code value} to 12 significant digits: a computed bound (1.2 x 41) reaches a pipeline as 49.2, not as
     * binary arithmetic's 49.199999999999996; no bound a criterion sets has more digits than that.
     */
    private static double plain(double value) {
        return Double.isFinite(value) ? new BigDecimal(value).round(new MathContext(12)).doubleValue() : value;
    }

    /** At most {@code count} of something counted: "at most 3". */
    public static Bound atMost(long count) {
        return atMost(count, "at most " + count);
    }

    /** Nothing allowed: at most 0, worded "none allowed". */
    public static Bound noneAllowed() {
        return atMost(0, "none allowed");
    }

    /** A bound no single number states, e.g. a minimum effect against a baseline run. */
    public static Bound words(String text) {
        return new Bound(text, null);
    }

    /** In JSON, the words: {@code measure.bound} reads as it always has. */
    @Override
    @JsonValue
    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
