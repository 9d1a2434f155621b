package io.upgradelab.runner.cli;

import io.upgradelab.reports.CompareMarkdown;
import io.upgradelab.reports.FigureShift;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.html.CompareHtml;
import io.upgradelab.reports.html.RunTimeline;
import io.upgradelab.reports.output.OutputFile;
import io.upgradelab.runner.LabException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab compare}: two runs side by side, the "before" (a baseline) and the "after",
 * phase by phase with the change in each figure, for the pull request that upgrades.
 */
@Command(name = "compare", sortOptions = false,
        description = {"Compare two runs phase by phase: before, after and the change.",
                "Phases pair up by number when they are of the same kind (two runs of one experiment file do);"
                        + " phases without a counterpart are listed. Per phase: seconds, flapping events, cluster"
                        + " mean CPU and the worst node's CPU p95, probe success %%, no-provider errors, latency p99."
                        + " Prints Markdown (or JSON); --out also writes the Markdown, as compare.md, and beside it"
                        + " compare.html: one offline page (no script, no CDN) with the same table and the run report's"
                        + " charts (instances per node, CPU, probe outcomes, latency), each with the before run above the"
                        + " after run on one time axis, seconds since each run started. Killed runs are compared up to"
                        + " their last whole journal line."},
        footer = {"", "Examples:",
                "  upgrade-lab compare runs/on-1.4.1 runs/on-2.0.4",
                "  upgrade-lab compare runs/before runs/after --out build/upgrade-comparison",
                "  upgrade-lab compare runs/before runs/after --output json",
                "", "Exit codes: 0 compared, 2 a run directory without a journal (or not one), or a symbolic"
                        + " link, a folder or a journal where --out writes (nothing is written), 1 not written."})
final class CompareCommand implements Callable<Integer>, OutputOption.JsonCommand {

    /** The comparison's file name under --out. */
    static final String FILE_NAME = "compare.md";
    /** The comparison's page under --out, beside {@link #FILE_NAME}. */
    static final String HTML_NAME = "compare.html";

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The before run's directory (or journal).")
    Path before;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The after run's directory (or journal).")
    Path after;

    @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR", description = "Also write the comparison there, as " + FILE_NAME
            + " and " + HTML_NAME + " (with the charts of both runs).")
    Path out;

    @Mixin
    OutputOption output;

    @Override
    public Class<ComparisonJson> jsonType() {
        return ComparisonJson.class;
    }

    @Override
    public Integer call() {
        JournalFile beforeJournal = read(() -> JournalFile.read(before));
        JournalFile afterJournal = read(() -> JournalFile.read(after));
        List<Path> inputs = List.of(beforeJournal.file(), afterJournal.file());
        if (out != null) {
            refuseUnsafeTargets(inputs);
        }
        RunComparison comparison = RunComparison.of(read(() -> RunSummaries.of(beforeJournal)),
                read(() -> RunSummaries.of(afterJournal)));
        RunTimeline beforeTimeline = read(() -> RunTimeline.of(beforeJournal));
        RunTimeline afterTimeline = read(() -> RunTimeline.of(afterJournal));
        List<FigureShift> shifts = FigureShift.of(comparison, beforeTimeline, afterTimeline);
        String markdown = CompareMarkdown.render(comparison, shifts);
        if (output.json()) {
            OutputOption.print(spec, ComparisonJson.of(comparison, shifts));
        } else {
            spec.commandLine().getOut().print(markdown);
            spec.commandLine().getOut().flush();
        }
        if (out != null) {
            String page = CompareHtml.render(comparison, beforeTimeline, afterTimeline);
            write(FILE_NAME, markdown, inputs);
            write(HTML_NAME, page, inputs);
        }
        return 0;
    }

    /**
     * Exit 2 before anything is printed or written when a file --out would hold is a symbolic link, a
     * folder, or a journal compared.
     */
    private void refuseUnsafeTargets(List<Path> inputs) {
        for (String name : List.of(FILE_NAME, HTML_NAME)) {
            try {
                OutputFile.refuseUnsafe(out.resolve(name), inputs);
            } catch (IllegalArgumentException e) {
                throw LabException.invalidInput(e.getMessage());
            }
        }
    }

    private void write(String name, String text, List<Path> inputs) {
        try {
            spec.commandLine().getErr().println("upgrade-lab: wrote " + OutputFile.write(out.resolve(name), text, inputs));
        } catch (IllegalArgumentException e) {
            throw LabException.invalidInput(e.getMessage());
        } catch (UncheckedIOException e) {
            throw new LabException(LabException.FAILED, e.getMessage());
        }
    }

    /** What {@code reading} reads off a journal; one that does not read is invalid input, naming its file and line. */
    private static <T> T read(Supplier<T> reading) {
        try {
            return reading.get();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw LabException.invalidInput(e.getMessage());
        }
    }
}
