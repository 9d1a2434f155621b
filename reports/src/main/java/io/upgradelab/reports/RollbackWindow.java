package io.upgradelab.reports;

import io.upgradelab.journal.WarningKind;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.RunSummary.Warning;
import io.upgradelab.reports.SummaryText.Align;
import io.upgradelab.reports.SummaryText.Cell;
import io.upgradelab.reports.SummaryText.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rollback window: for each rollback in a run, after which upgrade step it came, whether every node
 * came back on the version it ran before, and what consumers felt while it ran and in the phase after it
 * (the fewest instances a node listed, the probe's no-provider errors, configs missing, failure signs). A
 * team reads from it, across runs stopped at different steps, up to which step a rollback still works.
 */
public final class RollbackWindow {

    public static final String KIND = "rollback";
    public static final List<Column> COLUMNS = List.of(new Column("#", Align.RIGHT), new Column("rollback", Align.LEFT),
            new Column("after", Align.LEFT), new Column("nodes back", Align.LEFT),
            new Column("fewest instances", Align.RIGHT), new Column("probe ok / no-provider", Align.RIGHT),
            new Column("configs missing", Align.RIGHT), new Column("failure signs", Align.RIGHT));
    public static final String FOOTNOTE = "Rollback: the nodes a server upgrade moved, back on the version each ran"
            + " before, the last moved first, on their own data. After: the upgrade phase it undid. Nodes back: every"
            + " step done and no node that failed to start or rejoin (nodeNotBack). The figures cover the rollback and"
            + " the phase after it: the fewest instances any node listed, the probe's calls, the most configs missing"
            + " in one check, the failure signs seen.";

    private RollbackWindow() {
    }

    /** One row per rollback phase; none in a run without one. */
    public static List<List<Cell>> rows(RunSummary run) {
        List<List<Cell>> rows = new ArrayList<>();
        List<PhaseSummary> phases = run.phases();
        for (int i = 0; i < phases.size(); i++) {
            PhaseSummary rollback = phases.get(i);
            if (!KIND.equals(rollback.kind())) {
                continue;
            }
            String after = phases.subList(0, i).stream().filter(p -> "rollingServerUpgrade".equals(p.kind()))
                    .reduce((a, b) -> b).map(p -> p.index() + ": " + p.title()).orElse("-");
            List<PhaseSummary> window = i + 1 < phases.size() ? List.of(rollback, phases.get(i + 1)) : List.of(rollback);
            Optional<Warning> notBack = rollback.warnings() == null ? Optional.empty() : rollback.warnings().stream()
                    .filter(w -> WarningKind.nodeNotBack.name().equals(w.kind())).findFirst();
            boolean back = "done".equals(rollback.outcome()) && notBack.isEmpty();
            String nodesBack = back ? "yes (" + rollback.serverVersions() + ")"
                    : "no: " + notBack.map(Warning::message).orElse(rollback.outcome() + (rollback.message() == null ? ""
                    : ": " + rollback.message()));
            int fewest = window.stream().flatMap(p -> p.nodes().stream()).mapToInt(NodeSummary::minInstances).min()
                    .orElse(-1);
            long ok = window.stream().mapToLong(p -> p.probe().success()).sum();
            long noProvider = window.stream().mapToLong(p -> p.probe().noProvider()).sum();
            int missing = window.stream().filter(p -> p.configs() != null).mapToInt(p -> p.configs().maxMissing()).max()
                    .orElse(0);
            boolean configsChecked = window.stream().anyMatch(p -> p.configs() != null);
            int signs = window.stream().mapToInt(p -> p.failureSigns().size()).sum();
            rows.add(List.of(new Cell(Integer.toString(rollback.index()), false), new Cell(rollback.title(), false),
                    new Cell(after, false), new Cell(nodesBack, !back),
                    new Cell(fewest < 0 ? "-" : Integer.toString(fewest), false),
                    new Cell(ok + " / " + noProvider, noProvider > 0),
                    new Cell(configsChecked ? Integer.toString(missing) : "not checked", missing > 0),
                    new Cell(Integer.toString(signs), signs > 0)));
        }
        return List.copyOf(rows);
    }
}
