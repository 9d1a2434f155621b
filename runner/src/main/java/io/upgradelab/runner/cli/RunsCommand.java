package io.upgradelab.runner.cli;

import io.upgradelab.reports.SummaryTerminal;
import io.upgradelab.reports.SummaryText;
import io.upgradelab.reports.files.RunListing;
import io.upgradelab.runner.LabException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Lists past runs from a runs folder, newest first, with what the gate said of each: a team that runs upgrades
 * every week finds last Tuesday's failed one, and a pipeline reads the same as JSON, without opening each report.
 */
@Command(name = "runs", sortOptions = false,
        description = {"List the runs under a folder (runs/NAME and runs/GROUP/NAME, each with its journal.jsonl),"
                + " newest first: when each started, how long it ran, how it ended, what the gate said (PASS, FAIL or"
                + " INCONCLUSIVE where run --gate or report --policy judged it, NOT GATED otherwise), its experiment and"
                + " its directory."},
        footer = {"", "Examples:",
                "  upgrade-lab runs",
                "  upgrade-lab runs /srv/upgrade-lab/runs --output json",
                "", "Exit codes: 0 listed (none is no error), 2 no such folder."})
final class RunsCommand implements Callable<Integer>, OutputOption.JsonCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FOLDER", defaultValue = "runs",
            description = "The runs folder (default: runs, where run writes).")
    Path folder;

    @Mixin
    OutputOption output;

    /**
     * The runs, newest first.
     *
     * @param folder the folder listed, as given
     * @param runs   each run: {@code experiment}, {@code started} (UTC), {@code seconds}, {@code outcome},
     *               {@code verdict}, {@code path}
     */
    record Runs(String folder, List<RunListing> runs) {
    }

    @Override
    public Class<Runs> jsonType() {
        return Runs.class;
    }

    @Override
    public Integer call() {
        if (!Files.isDirectory(folder)) {
            throw LabException.invalidInput(folder + ": no such folder (give the folder run writes into, runs by default)");
        }
        List<RunListing> runs = RunListing.under(folder);
        if (output.json()) {
            OutputOption.print(spec, new Runs(folder.toString(), runs));
            return 0;
        }
        if (runs.isEmpty()) {
            spec.commandLine().getOut().println("no run under " + folder);
            return 0;
        }
        StringBuilder table = new StringBuilder();
        SummaryTerminal.table(table, COLUMNS, runs.stream().map(RunsCommand::row).toList(), Integer.MAX_VALUE);
        spec.commandLine().getOut().print(table);
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static final List<SummaryText.Column> COLUMNS = List.of(new SummaryText.Column("started", SummaryText.Align.LEFT),
            new SummaryText.Column("took", SummaryText.Align.RIGHT), new SummaryText.Column("outcome", SummaryText.Align.LEFT),
            new SummaryText.Column("verdict", SummaryText.Align.LEFT),
            new SummaryText.Column("experiment", SummaryText.Align.LEFT), new SummaryText.Column("path", SummaryText.Align.LEFT));

    private static List<SummaryText.Cell> row(RunListing run) {
        return List.of(cell(run.started().replaceFirst("\\.\\d+Z$", "Z")), cell(SummaryText.duration(run.seconds())),
                cell(run.outcome()), cell(run.verdict()), cell(run.experiment()), cell(run.path()));
    }

    private static SummaryText.Cell cell(String text) {
        return new SummaryText.Cell(text, false);
    }
}
