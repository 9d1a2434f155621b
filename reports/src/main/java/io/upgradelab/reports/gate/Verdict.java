package io.upgradelab.reports.gate;

/**
 * One criterion judged: passed or not, and what was measured (so a failure says by how much).
 *
 * @param criterion the criterion's description
 * @param measured  the figure as measured, e.g. "12 no-provider errors in phases 9, 13"
 * @param seconds   how much of the run it judged: the time of the phases it looked at, or of the whole
 *                  run (the JUnit test case's time); 0 when it found nothing to judge, which never passes
 */
public record Verdict(String criterion, boolean passed, String measured, double seconds) {

    /** A verdict whose time the policy that judged it sets ({@link #over}). */
    public Verdict(String criterion, boolean passed, String measured) {
        this(criterion, passed, measured, 0);
    }

    /** This verdict, said to cover {@code seconds} of the run. */
    Verdict over(double seconds) {
        return new Verdict(criterion, passed, measured, seconds);
    }
}
