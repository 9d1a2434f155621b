package io.upgradelab.runner.cli;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.Policy;
import io.upgradelab.reports.gate.PolicyFile;
import io.upgradelab.reports.gate.Verdict;
import io.upgradelab.reports.output.OutputFile;
import io.upgradelab.runner.LabException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab gate}: PASS, FAIL or INCONCLUSIVE for a staging pipeline, from a run's journal and
 * a policy, with JUnit XML the CI server shows. INCONCLUSIVE has its own exit code (3) because it is
 * neither: the lab's limits or thin evidence left a criterion undecided, which a pipeline must not take
 * for a pass, nor report as Nacos failing.
 */
@Command(name = "gate", sortOptions = false,
        description = {"Judge a run against a policy: PASS, FAIL or INCONCLUSIVE, with JUnit XML.",
                "PASS (exit 0), FAIL (exit 1: a criterion not met) or INCONCLUSIVE (exit 3: none failed, but one"
                        + " could not be decided: a phase it judges measured the machine or the lab, not Nacos, or"
                        + " holds too little evidence), one line per criterion with the figure it decided on (its"
                        + " value, bound, 95 %% interval where it is an estimate from samples, and n) and what was"
                        + " measured or the reason, and JUnit XML with one test case per criterion (an inconclusive"
                        + " one skipped).",
                "A run that did not complete fails, or is inconclusive when it stopped on the lab's limit; a run"
                        + " without its last journal line (killed) cannot be judged (exit 2). Criteria:"
                        + " ${bundle:criteria} (cpuAgainstBaseline and baseline with --baseline; see"
                        + " experiments/nacos-1x-to-2x.policy.yaml). A criterion with dryRun: true is judged and"
                        + " shown (DRY RUN (would FAIL), a skipped test in the JUnit XML) but never decides the"
                        + " status nor the exit code."},
        resourceBundle = "io.upgradelab.runner.cli.GateHelp",
        footer = {"", "Examples:",
                "  upgrade-lab gate runs/nacos-1x-to-2x-ci-20261122-035106 --policy experiments/nacos-1x-to-2x.policy.yaml",
                "  upgrade-lab gate RUN_DIR --policy POLICY --junit build/test-results/upgrade-gate.xml",
                "  upgrade-lab gate runs/after --policy POLICY --baseline runs/before",
                "  upgrade-lab gate RUN_DIR --policy POLICY --output json",
                "  upgrade-lab run experiments/nacos-1x-to-2x-ci.yaml --gate experiments/nacos-1x-to-2x.policy.yaml",
                "", "Exit codes: 0 pass, 1 fail, 2 invalid policy (FILE:LINE: field: what), broken run, or a --junit"
                + " that is a symbolic link, a folder or an input, 3 inconclusive."})
final class GateCommand implements Callable<Integer>, OutputOption.JsonCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    RunDirectory run;

    @Option(names = "--policy", required = true, paramLabel = "POLICY", description = "The policy file (YAML).")
    Path policy;

    @Option(names = "--baseline", paramLabel = "RUN_DIR", description = "A run to compare with (the \"before\"):"
            + " needed by cpuAgainstBaseline and baseline criteria; the same experiment's phases pair up by number"
            + " and kind.")
    Path baseline;

    @Option(names = "--junit", paramLabel = "FILE", description = "Where to write the JUnit XML (default: RUN_DIR/"
            + Gate.JUNIT_NAME + ").")
    Path junit;

    @Mixin
    OutputOption output;

    /** The exit code of a gate that judged INCONCLUSIVE: neither a pass (0) nor a failure (1). */
    static final int INCONCLUSIVE = 3;

    /**
     * The gate's verdict, in JSON; exit 1 when it failed and 3 when it was inconclusive, as in text.
     *
     * @param run      the run judged, as given
     * @param policy   the policy, as given
     * @param status   PASS, FAIL or INCONCLUSIVE
     * @param passed   whether every criterion was met (status PASS), as before there were three answers
     * @param summary  "7 of 9 criteria met, 2 inconclusive"
     * @param failure  "the run failed in phase 7 (...): ...", said before any criterion; "" for a run that completed
     * @param junit    where the JUnit XML was written
     * @param verdicts one per criterion, the run's completion first, each with its status; seconds: the part of
     *                 the run it judged; measure: the figure it decided on, {@link io.upgradelab.reports.gate.Measure}
     */
    record Judgement(String run, String policy, Verdict.Status status, boolean passed, String summary, String failure,
                     String junit, List<Verdict> verdicts) {
    }

    @Override
    public Class<Judgement> jsonType() {
        return Judgement.class;
    }

    @Override
    public Integer call() {
        Policy read = read(policy);
        checkBaseline(read, baseline);
        refusePhasesMatchingNone(policy, run.path);
        refuseJUnitOverPolicy();
        Gate gate = judge(run.path, read, baseline, junit);
        if (output.json()) {
            OutputOption.print(spec, new Judgement(run.path.toString(), policy.toString(), gate.status(), gate.passed(),
                    gate.summary(), gate.failure(), gate.junit().toString(), gate.verdicts()));
        } else {
            print(gate, spec.commandLine().getOut());
        }
        return exitCode(gate);
    }

    /**
     * Exit 2 when --junit is the policy (or a symbolic link, or a folder); the gate refuses a --junit
     * that is a journal it reads ({@link Gate#judge}).
     */
    private void refuseJUnitOverPolicy() {
        if (junit == null) {
            return;
        }
        try {
            OutputFile.refuseUnsafe(junit, List.of(policy));
        } catch (IllegalArgumentException e) {
            throw LabException.invalidInput(e.getMessage());
        }
    }

    /** 0 pass, 1 fail, 3 inconclusive: what a pipeline reads of a gate, wherever one is judged. */
    static int exitCode(Gate gate) {
        return switch (gate.status()) {
            case PASS -> 0;
            case FAIL -> LabException.FAILED;
            case INCONCLUSIVE -> INCONCLUSIVE;
        };
    }

    /** The policy, or exit 2 with the file, line and field of its first mistake. */
    static Policy read(Path policy) {
        try {
            return PolicyFile.read(policy);
        } catch (PolicyFile.InvalidPolicyException e) {
            throw LabException.invalidInput(e.getMessage());
        }
    }

    /**
     * Exit 2 when the policy names a phase the run in {@code run} neither ran nor planned, each at its line: a
     * typo in a policy is the policy's mistake, not a failed upgrade (exit 1). A journal that cannot be read is
     * left to the judging, which refuses it with its own message.
     */
    static void refusePhasesMatchingNone(Path policy, Path run) {
        List<String> kinds;
        try {
            kinds = plannedKinds(JournalFile.read(run));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return;
        }
        List<String> problems = PolicyFile.phasesMatchingNone(policy, kinds);
        if (!kinds.isEmpty() && !problems.isEmpty()) {
            throw LabException.invalidInput(String.join("\n", problems));
        }
    }

    /** The kinds of the phases the run planned, phase 1 first (its first line, runStarted). */
    private static List<String> plannedKinds(JournalFile journal) {
        if (journal.lines().isEmpty()) {
            return List.of();
        }
        List<String> kinds = new ArrayList<>();
        journal.lines().get(0).path("phases").forEach(p -> kinds.add(p.path("kind").asText()));
        return kinds;
    }

    /**
     * Before a run: a policy that compares needs a baseline, and a baseline given must be a run that
     * ended (exit 2 otherwise), so a long run is not spent on a gate that cannot judge it.
     */
    static void checkBaseline(Policy policy, Path baseline) {
        if (baseline != null && policy == null) {
            throw LabException.invalidInput("--baseline is for the gate: give --gate POLICY too");
        }
        if (policy != null && policy.needsBaseline() && baseline == null) {
            throw LabException.invalidInput(Policy.BASELINE_NEEDED + ": give --baseline RUN_DIR");
        }
        if (baseline != null) {
            try {
                if (!JournalFile.read(baseline).complete()) {
                    throw LabException.invalidInput(baseline + ": the baseline run did not end (no runEnded line)");
                }
            } catch (IllegalArgumentException | UncheckedIOException e) {
                throw LabException.invalidInput(e.getMessage());
            }
        }
    }

    /** Judges the run in {@code run}; a missing, unreadable or broken journal is exit 2 (a broken run, not a FAIL). */
    static Gate judge(Path run, Policy policy, Path baseline, Path junit) {
        try {
            return Gate.judge(run, policy, baseline, junit);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw LabException.invalidInput(e.getMessage());
        }
    }

    /**
     * One line per criterion, "PASS  ", "FAIL  " or "INCONCLUSIVE  " first ("DRY RUN (would FAIL)  " for a
     * dry-run criterion's, which does not decide), then the gate's line as reports word it.
     */
    static void print(Gate gate, PrintWriter out) {
        if (!gate.failure().isEmpty()) {
            out.println(gate.failure());
        }
        for (Verdict v : gate.verdicts()) {
            out.println(v.word() + "  " + v.criterion() + ": " + v.measured());
        }
        out.println(GateResult.of(gate).sentence() + "; JUnit XML: " + gate.junit());
        out.flush();
    }
}
