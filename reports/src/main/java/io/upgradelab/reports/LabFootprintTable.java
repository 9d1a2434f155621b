package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SummaryText.Align;
import io.upgradelab.reports.SummaryText.Cell;
import io.upgradelab.reports.SummaryText.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The report's table of what the lab cost each phase, beside the nodes' own CPU: one table for the
 * Markdown and the HTML report alike, so both show what the lab's observation took from what it
 * measured.
 */
public final class LabFootprintTable {

    public static final List<Column> COLUMNS = List.of(new Column("#", Align.RIGHT), new Column("phase", Align.LEFT),
            new Column("node CPU % (mean)", Align.RIGHT), new Column("lab req/s to nodes", Align.RIGHT),
            new Column("lab share of HTTP served", Align.RIGHT), new Column("node logs read MiB", Align.RIGHT),
            new Column("lab CPU % of a core", Align.LEFT), new Column("rounds: n, mean/max s", Align.RIGHT),
            new Column("expensive observers", Align.LEFT), new Column("the lab's limits", Align.LEFT));

    public static final String FOOTNOTE = "The lab's footprint: what the lab itself asked of the nodes and used of the"
            + " machine in each phase. Lab req/s: every call of the lab's Nacos client (observers, waits, faults), all"
            + " nodes together. Share: of the HTTP requests the busiest-asked node served (its access log); 2.x"
            + " clients' gRPC calls are not in that log, so against 2.x clients the share is an upper bound; the log is"
            + " written in batches, so a phase of a few seconds can read over 100%. Rounds:"
            + " observation rounds, mean and longest time against the period; expensive observers run when their"
            + " own time stays within a fifth of the observation's (runs/rounds). Limits: rounds behind their period"
            + " or fleet steps far slower than planned; such a phase is flagged as load, and a gate says"
            + " INCONCLUSIVE of it rather than judge Nacos by it.";

    private LabFootprintTable() {
    }

    /** One row per phase with a footprint; none for a journal from before footprints were kept. */
    public static List<List<Cell>> rows(RunSummary run) {
        List<List<Cell>> rows = new ArrayList<>();
        for (PhaseSummary p : run.phases()) {
            LabFootprintFigures f = p.footprint();
            if (f == null) {
                continue;
            }
            Double share = f.maxSharePercent();
            rows.add(List.of(plain(Integer.toString(p.index())), plain(p.title()), plain(nodeCpu(p)),
                    plain(SummaryText.number(f.labRequestsPerSecond())),
                    plain(share == null ? "not measured" : SummaryText.number(share) + "%"),
                    plain(SummaryText.number(f.nodes().stream().mapToDouble(LabFootprintFigures.NodeCost::logMiBRead)
                            .sum())),
                    plain(f.labCpu().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                            .map(e -> e.getKey() + " " + SummaryText.number(e.getValue()))
                            .collect(Collectors.joining(", "))),
                    new Cell(f.rounds() + ", " + (f.roundMeanSeconds() == null ? "-" : SummaryText.number(
                            f.roundMeanSeconds()) + "/" + SummaryText.number(f.roundMaxSeconds())) + " of "
                            + SummaryText.number(f.periodSeconds()), f.behind()),
                    plain(f.expensive().isEmpty() ? "none (" + f.observation() + ")" : String.join("; ", f.expensive())),
                    new Cell(f.problems().isEmpty() ? "-" : String.join("; ", f.problems()), !f.problems().isEmpty())));
        }
        return List.copyOf(rows);
    }

    private static String nodeCpu(PhaseSummary p) {
        return p.nodes().isEmpty() ? "-" : p.nodes().stream().map(NodeSummary::meanCpuPercent)
                .map(c -> SummaryText.number(Math.round(c * 10) / 10.0)).collect(Collectors.joining(" "));
    }

    private static Cell plain(String text) {
        return new Cell(text, false);
    }
}
