package io.upgradelab.reports.gate;

import java.util.List;

/**
 * What a report says of the gate, in its banner: PASS or FAIL with the criteria that failed, or not
 * gated (no policy given, or a run that could not be judged and why). The gate judges before the
 * report is written, so the page a person opens and the exit code a pipeline reads agree.
 *
 * @param gate      the judged gate; null when not judged
 * @param notJudged why a policy given was not applied (an interrupted or killed run); null when judged
 *                  or when no policy was given
 */
public record GateResult(Gate gate, String notJudged) {

    /** The banner's word. */
    public enum Status { PASS, FAIL, NOT_GATED }

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
        return gate == null ? Status.NOT_GATED : gate.passed() ? Status.PASS : Status.FAIL;
    }

    /** The criteria not met, in the policy's order (the run's completion first); none when passed or not judged. */
    public List<Verdict> failing() {
        return gate == null ? List.of() : gate.verdicts().stream().filter(v -> !v.passed()).toList();
    }

    /**
     * The banner's words after the status: "all 9 criteria met", "2 of 9 criteria not met", "no policy
     * given (report RUN_DIR --policy POLICY judges it)", or why a policy given was not applied.
     */
    public String summary() {
        if (gate == null) {
            return notJudged == null ? "no policy given (upgrade-lab report RUN_DIR --policy POLICY judges the run)"
                    : "not judged: " + notJudged;
        }
        int all = gate.verdicts().size();
        return gate.passed() ? "all " + all + " criteria met" : failing().size() + " of " + all + " criteria not met";
    }

    /** "PASS", "FAIL" or "NOT GATED". */
    public String word() {
        return status().name().replace('_', ' ');
    }
}
