package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collection;
import java.util.List;

/**
 * One criterion judged: passed, failed, or inconclusive, and what was measured (so a failure says by
 * how much, and an inconclusive verdict why the evidence could not decide). Three answers rather than
 * two because a run can leave a criterion undecided: the machine or the lab was the bottleneck in a
 * phase it judges, or the phase holds too little to judge ({@link Evidence}); that is neither Nacos
 * passing nor Nacos failing.
 *
 * @param criterion the criterion's description
 * @param status    PASS, FAIL or INCONCLUSIVE
 * @param measured  the figure as measured, e.g. "12 no-provider errors in phases 9, 13", or why it was
 *                  not judged
 * @param seconds   how much of the run it judged: the time of the phases it looked at, or of the whole
 *                  run (the JUnit test case's time); 0 when it found nothing to judge, which never passes
 * @param dryRun    whether its criterion is a dry run ({@code dryRun: true} in the policy): judged and reported,
 *                  its status what it would have been, but never deciding the gate ({@link Gate#status()}); in
 *                  JSON only when true
 * @param measure   the figure it decided on, with its bound, interval and n ({@link Measure}); {@code measured}
 *                  starts with it. Null where nothing was measured (inconclusive for want of evidence) or the
 *                  criterion is a fact, not a figure ("the run completed")
 * @param kind      the criterion's kind as a policy names it ({@code probeSuccess}); {@value #COMPLETION} for the run's
 *                  completion, {@value #AUDIT} for a journal that does not add up; "" before the policy judged it
 * @param phases    the phases it looked at, by number; empty when it judges the run as a whole
 */
@JsonPropertyOrder({"criterion", "status", "verdict", "kind", "phases", "value", "unit", "threshold", "comparison",
        "measured", "seconds", "dryRun", "measure", "passed"})
public record Verdict(String criterion, Status status, String measured, double seconds,
                      @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean dryRun,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Measure measure, String kind, List<Integer> phases) {

    /** The kind of the verdict on the run's completion, which every gate judges first. */
    public static final String COMPLETION = "completion";
    /** The kind of the verdict on a journal that does not add up ({@link JournalAudit}). */
    public static final String AUDIT = "journalAudit";

    public Verdict {
        kind = kind == null ? "" : kind;
        phases = phases == null ? List.of() : List.copyOf(phases);
    }

    /** A verdict whose kind and phases the policy that judged it sets ({@link #about}). */
    public Verdict(String criterion, Status status, String measured, double seconds, boolean dryRun, Measure measure) {
        this(criterion, status, measured, seconds, dryRun, measure, "", List.of());
    }

    /** What a criterion, and a gate, answers. */
    public enum Status {
        PASS, FAIL, INCONCLUSIVE;

        /**
         * The answer of several together: FAIL when any failed, else INCONCLUSIVE when any is, else
         * PASS (also for none). A gate answers so over its criteria, and a criterion over its phases.
         */
        public static Status of(Collection<Status> statuses) {
            return statuses.contains(FAIL) ? FAIL : statuses.contains(INCONCLUSIVE) ? INCONCLUSIVE : PASS;
        }
    }

    /** A verdict that decides, as every criterion's does unless the policy says it is a dry run. */
    public Verdict(String criterion, Status status, String measured, double seconds) {
        this(criterion, status, measured, seconds, false, null);
    }

    /**
     * PASS or FAIL on {@code measure}, the line reading "99.98 % (at least 99.0 %; 95 % CI ...; n 18100 calls):
     * {@code detail}".
     */
    public static Verdict of(String criterion, boolean passed, Measure measure, String detail) {
        return new Verdict(criterion, passed ? Status.PASS : Status.FAIL,
                measure.text() + (detail.isEmpty() ? "" : ": " + detail), 0, false, measure);
    }

    /** Neither pass nor fail on what {@code measure} shows: {@code detail} says why. */
    public static Verdict inconclusive(String criterion, Measure measure, String detail) {
        return new Verdict(criterion, Status.INCONCLUSIVE, measure.text() + ": " + detail, 0, false, measure);
    }

    /** Inconclusive though {@code measure} was taken: {@code why}, then the figure ("...; judged: 99.98 % (...)"). */
    Verdict inconclusiveBecause(String why) {
        return new Verdict(criterion, Status.INCONCLUSIVE, why + "; judged: " + measured, seconds, dryRun, measure);
    }

    /** PASS or FAIL, the time set by the policy that judged it ({@link #over}). */
    public Verdict(String criterion, boolean passed, String measured) {
        this(criterion, passed ? Status.PASS : Status.FAIL, measured, 0);
    }

    /** A verdict whose time the policy that judged it sets ({@link #over}). */
    public Verdict(String criterion, Status status, String measured) {
        this(criterion, status, measured, 0);
    }

    /** Neither pass nor fail: {@code why} the run's evidence could not decide. */
    public static Verdict inconclusive(String criterion, String why) {
        return new Verdict(criterion, Status.INCONCLUSIVE, why);
    }

    /** Whether the criterion was met (kept in JSON beside {@code status}, as before there were three answers). */
    @JsonProperty("passed")
    public boolean passed() {
        return status == Status.PASS;
    }

    public boolean failed() {
        return status == Status.FAIL;
    }

    public boolean inconclusive() {
        return status == Status.INCONCLUSIVE;
    }

    /** Whether it decides the gate: every verdict but a dry run's. */
    public boolean decides() {
        return !dryRun;
    }

    /**
     * "FAIL", or "DRY RUN (would FAIL)" for a dry run's: the word a line of the gate's output, and the
     * reports' list, start with, so no one reads a dry run's FAIL as the gate's.
     */
    public String word() {
        return dryRun ? "DRY RUN (would " + status + ")" : status.name();
    }

    /** This verdict, said to cover {@code seconds} of the run. */
    Verdict over(double seconds) {
        return new Verdict(criterion, status, measured, seconds, dryRun, measure, kind, phases);
    }

    /** This verdict, said to be of a criterion of {@code kind} that looked at {@code phases} (none: the whole run). */
    Verdict about(String kind, List<Integer> phases) {
        return new Verdict(criterion, status, measured, seconds, dryRun, measure, kind, phases);
    }

    /** This verdict with {@code note} after its figure ("...; phase 6 not judged: ..."). */
    Verdict noting(String note) {
        return note.isEmpty() ? this : new Verdict(criterion, status, measured + "; " + note, seconds, dryRun, measure,
                kind, phases);
    }

    /** This verdict as a dry run's: recorded, never deciding. */
    Verdict dry() {
        return new Verdict(criterion, status, measured, seconds, true, measure, kind, phases);
    }

    /** "PASS", "FAIL" or "INCONCLUSIVE", a dry run's what it would have been: its status, as JSON names it for a pipeline. */
    @JsonProperty("verdict")
    public String verdict() {
        return status.name();
    }

    /** The figure it decided on, in {@link #unit()}; null where it decided on none (a fact, or nothing measured). */
    @JsonProperty("value")
    public Double value() {
        return measure == null || !Double.isFinite(measure.value()) ? null : measure.value();
    }

    /** The figure's unit ("%", "s", "no-provider errors", "x"); null without a figure. */
    @JsonProperty("unit")
    public String unit() {
        return measure == null ? null : measure.unit();
    }

    /** The bound's number ({@code 99.0} of "at least 99.0 %"); null where the bound is no number (a minimum effect). */
    @JsonProperty("threshold")
    public Double threshold() {
        return measure == null ? null : measure.threshold().map(Measure.Threshold::value).orElse(null);
    }

    /** "atLeast" or "atMost": which side of {@link #threshold()} passes; null without one. */
    @JsonProperty("comparison")
    public String comparison() {
        return measure == null ? null : measure.threshold().map(Measure.Threshold::comparison).orElse(null);
    }
}
