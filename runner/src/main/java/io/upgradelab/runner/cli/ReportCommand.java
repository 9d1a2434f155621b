package io.upgradelab.runner.cli;

import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.runner.LabException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab report}: a run's summaries from its journal alone, so a run recorded elsewhere,
 * or killed, is reported the same way.
 */
@Command(name = "report", sortOptions = false,
        description = {"Report a run from its journal: summary.json, summary.md and report.html.",
                "Per phase: the server versions, client versions, providers, stability (drops below the expected instance count), CPU per node (mean and p95),"
                + " and what the probe felt (outcomes; latency p50/p75/p90/p99/max, exact, from its per-second"
                + " histograms).",
                "Writes summary.json (for tools), summary.md (for a pull-request comment) and report.html (the"
                        + " tables and charts over time of instances per node against the registered count, CPU per"
                        + " node, probe outcomes and latency, with the phases and events marked; one file, works"
                        + " offline) and prints the Markdown. A killed run is reported up to its last whole journal"
                        + " line, marked incomplete."},
        footer = {"", "Examples:",
                "  upgrade-lab report runs/nacos-1x-to-2x-ci-20261122-035106",
                "  upgrade-lab report runs/nacos-1x-to-2x-ci-20261122-035106 --out /tmp/summaries",
                "", "Exit codes: 0 written, 2 no journal there (or not one), 1 the files could not be written."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    RunDirectory run;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write the three files (default: RUN_DIR).")
    Path out;

    @Override
    public Integer call() {
        SummaryFiles.Written written;
        try {
            written = SummaryFiles.write(run.path, out);
        } catch (IllegalArgumentException e) {
            throw LabException.invalidInput(e.getMessage());
        } catch (UncheckedIOException e) {
            throw new LabException(LabException.FAILED, e.getMessage());
        }
        spec.commandLine().getOut().print(written.markdownText());
        spec.commandLine().getOut().flush();
        spec.commandLine().getErr().println("upgrade-lab: wrote " + written.json());
        spec.commandLine().getErr().println("upgrade-lab: wrote " + written.markdown());
        spec.commandLine().getErr().println("upgrade-lab: wrote " + written.html());
        return 0;
    }
}
