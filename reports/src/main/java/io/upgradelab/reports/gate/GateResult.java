package io.upgradelab.reports.gate;

import java.util.List;

/**
 * What a report says of the gate, in its banner: PASS, FAIL or INCONCLUSIVE with the criteria not met
 * (each failed or inconclusive one with its figure or its reason), or not gated (no policy given, or a
 * run that could not be judged and why). The gate judges before the report is written, so the page a
 * person opens and the exit code a pipeline reads agree.
 *
 * @param gate      the judged gate; null when not judged
 * @param notJudged why a policy given was not applied (an interrupted or killed run); null when judged
 *                  or when no policy was given
 */
public record GateResult(Gate gate, String notJudged) {

    /**
     * The verdict as summary.json carries it ({@code gate}), so a tool reads the same answer as the report's banner.
     *
     * @param status   PASS, FAIL, INCONCLUSIVE or NOT GATED
     * @param summary  the banner's words after the status ({@link #summary()})
     * @param verdicts one per criterion, as {@code gate --output json} gives them; empty when not judged
     */
    public record Json(String status, String summary, List<Verdict> verdicts) {
    }

    /** This result as summary.json carries it. */
    public Json json() {
        return new Json(word(), summary(), gate == null ? List.of() : gate.verdicts());
    }

    /** The banner's word. */
    public enum Status { PASS, FAIL, INCONCLUSIVE, NOT_GATED }

    /** No policy was given. */
    public static GateResult notGated() {
        return new GateResult(null, null);
    }

    /** A policy was given but not applied, for {@code why}. */
    public static GateResult notJudged(String why) {
        return new GateResult(null, why);
    }

    public static GateResult of(Gate gate) {
        return new GateResult(gate, null);
    }

    public Status status() {
        return gate == null ? Status.NOT_GATED : Status.valueOf(gate.status().name());
    }

    /**
     * The criteria failed, in the policy's order (the run's completion first); none when passed or not judged.
     * A dry run's never: it does not decide.
     */
    public List<Verdict> failing() {
        return gate == null ? List.of() : gate.deciding().stream().filter(Verdict::failed).toList();
    }

    /** The criteria not met, failed or inconclusive, in the policy's order: what the banner lists (dry runs apart). */
    public List<Verdict> notMet() {
        return gate == null ? List.of() : gate.deciding().stream().filter(v -> !v.passed()).toList();
    }

    /** The dry-run criteria's verdicts, whatever their status: the banner lists them after the criteria not met. */
    public List<Verdict> dryRuns() {
        return gate == null ? List.of() : gate.dryRuns();
    }

    /**
     * The banner's words after the status: "all 9 criteria met", "7 of 9 criteria met, 2 inconclusive"
     * ({@link Gate#summary}), "no policy given (report RUN_DIR --policy POLICY judges it)", or why a policy
     * given was not applied.
     */
    public String summary() {
        if (gate == null) {
            return notJudged == null ? "no policy given (upgrade-lab report RUN_DIR --policy POLICY judges the run)"
                    : "not judged: " + notJudged;
        }
        return gate.summary();
    }

    /**
     * "gate INCONCLUSIVE: 7 of 9 criteria met, 2 inconclusive": the line {@code gate} and {@code report
     * --policy} both end with, so the two commands word a verdict alike.
     */
    public String sentence() {
        return "gate " + word() + ": " + summary();
    }

    /** "PASS", "FAIL", "INCONCLUSIVE" or "NOT GATED". */
    public String word() {
        return status().name().replace('_', ' ');
    }
}
