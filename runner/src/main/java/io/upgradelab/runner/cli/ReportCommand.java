package io.upgradelab.runner.cli;

import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.Policy;
import io.upgradelab.runner.LabException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab report}: a run's summaries from its journal alone, so a run recorded elsewhere,
 * or killed, is reported the same way; with a policy, judged first, so they open with the verdict as
 * those of {@code run --gate} do.
 */
@Command(name = "report", sortOptions = false,
        description = {"Report a run from its journal: summary.json, summary.md and report.html; with --policy,"
                + " judged first, so they open with PASS or FAIL.",
                "Per phase: the server versions, client versions, providers, stability (drops below the expected instance count), CPU per node (mean and p95),"
                + " and what the probe felt (outcomes; latency p50/p75/p90/p99/max, exact, from its per-second"
                + " histograms).",
                "Writes summary.json (for tools), summary.md (for a pull-request comment) and report.html (the"
                        + " tables and charts over time of instances per node against the registered count, CPU per"
                        + " node, probe outcomes and latency, with the phases and events marked; one file, works"
                        + " offline) and prints the summary as plain text: the verdict and the criteria not met, then"
                        + " the tables in columns. A killed run is reported up to its last whole journal"
                        + " line, marked incomplete."},
        footer = {"", "Examples:",
                "  upgrade-lab report runs/nacos-1x-to-2x-ci-20261122-035106",
                "  upgrade-lab report runs/nacos-1x-to-2x-ci-20261122-035106 --out /tmp/summaries",
                "", "Exit codes: 0 written, 2 no journal there (or not one), or a symbolic link, a folder or the"
                + " journal where a file goes (nothing is written), 1 the files could not be written."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    RunDirectory run;

    @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR", description = "Where to write the three files (default: RUN_DIR).")
    Path out;

    @Option(names = "--policy", paramLabel = "POLICY", description = "Judge the run against this policy first (as"
            + " upgrade-lab gate does, JUnit XML beside the files): summary.md and report.html open with PASS, FAIL or"
            + " INCONCLUSIVE and the criteria not met, each with its figure or reason. The exit code stays the"
            + " report's; gate's (0 pass, 1 fail, 3 inconclusive) is the pipeline's.")
    Path policy;

    @Option(names = "--baseline", paramLabel = "RUN_DIR", description = "With --policy: the run to compare with, for"
            + " cpuAgainstBaseline and baseline criteria.")
    Path baseline;

    @Override
    public Integer call() {
        if (baseline != null && policy == null) {
            throw LabException.invalidInput("--baseline is for the gate: give --policy POLICY too");
        }
        Policy read = policy == null ? null : GateCommand.read(policy);
        GateCommand.checkBaseline(read, baseline);
        if (policy != null) {
            GateCommand.refusePhasesMatchingNone(policy, run.path);
        }
        refuseUnsafeTargets(read != null);
        GateResult gate = judge(read);
        SummaryFiles.Written written;
        try {
            written = SummaryFiles.write(run.path, out, gate);
        } catch (IllegalArgumentException e) {
            throw LabException.invalidInput(e.getMessage());
        } catch (UncheckedIOException e) {
            throw new LabException(LabException.FAILED, e.getMessage());
        }
        spec.commandLine().getOut().print(written.terminalText());
        spec.commandLine().getOut().flush();
        spec.commandLine().getErr().println("upgrade-lab: wrote " + written.json());
        spec.commandLine().getErr().println("upgrade-lab: wrote " + written.markdown());
        spec.commandLine().getErr().println("upgrade-lab: wrote " + written.html());
        if (gate.gate() != null) {
            spec.commandLine().getErr().println("upgrade-lab: " + gate.sentence() + "; JUnit XML: " + gate.gate().junit());
        } else if (gate.notJudged() != null) {
            spec.commandLine().getErr().println("upgrade-lab: the gate did not judge the run: " + gate.notJudged());
        }
        return 0;
    }

    /**
     * Exit 2 before anything is written, the gate's JUnit XML included, when a file the report writes
     * would be written through a symbolic link, over a folder or over the journal.
     */
    private void refuseUnsafeTargets(boolean gated) {
        try {
            SummaryFiles.refuseUnsafeTargets(run.path, out, gated ? List.of(Gate.JUNIT_NAME) : List.<String>of());
        } catch (IllegalArgumentException e) {
            throw LabException.invalidInput(e.getMessage());
        }
    }

    /**
     * The policy's verdict, its JUnit XML beside the reports; a run the gate cannot judge (killed) is
     * still reported, its banner saying why it was not judged.
     */
    private GateResult judge(Policy read) {
        if (read == null) {
            return GateResult.notGated();
        }
        try {
            return GateResult.of(GateCommand.judge(run.path, read, baseline,
                    out == null ? null : out.resolve(Gate.JUNIT_NAME)));
        } catch (LabException e) {
            return GateResult.notJudged(e.getMessage());
        }
    }
}
