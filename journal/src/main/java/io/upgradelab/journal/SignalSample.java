package io.upgradelab.journal;

/**
 * One sample of a team's own signal (the {@code signals} observer's {@code sample} line): a figure read from its
 * Prometheus, or its health endpoint's answer, taken every {@code observeEvery} like the lab's own samples, so a
 * policy judges the upgrade by the signals the team already watches ({@code prometheus} and {@code http} criteria).
 *
 * @param signal  the signal's name in the experiment
 * @param kind    {@code prometheus} (a figure) or {@code http} (healthy or not)
 * @param value   the figure; for {@code http}, the answer's status; null when nothing was read
 * @param healthy for {@code http}, whether the answer was what counts as healthy; null for a figure
 * @param error   why nothing, or no healthy answer, was read (unreachable, timed out, no such series); "" when none
 */
@LineType(value = "sample", observer = "signals")
public record SignalSample(String signal, String kind, Double value, Boolean healthy, String error) {

    /** A figure read from a Prometheus. */
    public static final String PROMETHEUS = "prometheus";
    /** An endpoint's health. */
    public static final String HTTP = "http";

    public SignalSample {
        error = error == null ? "" : error;
    }

    /** Whether it read something: a figure, or an answer. */
    public boolean measured() {
        return value != null;
    }
}
