package io.upgradelab.reports;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's summary as {@code report} prints it to a terminal: the verdict and the criteria not met first, then the
 * same sections as summary.md ({@link SummaryBlocks}) as plain text, tables aligned in columns, without Markdown's
 * escapes and without the notes on what the figures mean (those are in summary.md and report.html). No control
 * character from the journal reaches the terminal ({@link ControlCharacters}).
 */
public final class SummaryTerminal {

    /** The widest a cell is printed: a phase's title or a finding's path, cut with an ellipsis. */
    static final int MAX_CELL = 48;

    private SummaryTerminal() {
    }

    /** The summary of {@code run}, opening with {@code opening}. */
    public static String render(RunSummary run, ReportOpening opening) {
        StringBuilder out = new StringBuilder();
        out.append(SummaryText.headline(run)).append('\n');
        out.append(String.join(" · ", opening.facts().items())).append("\n\n");
        opening(out, opening);
        List<SummaryBlocks.Block> blocks = SummaryBlocks.of(run, opening);
        for (SummaryBlocks.Block block : blocks) {
            if (block instanceof SummaryBlocks.Heading h) {
                out.append('\n').append(h.text()).append('\n');
            } else if (block instanceof SummaryBlocks.Text t) {
                out.append(t.text()).append("\n\n");
            } else if (block instanceof SummaryBlocks.Table t) {
                table(out, t.columns(), t.rows());
            } else if (block instanceof SummaryBlocks.Bullets b) {
                b.items().forEach(item -> out.append("  - ").append(item.replaceAll("\\s+", " ")).append('\n'));
            }
        }
        return ControlCharacters.escape(out.toString());
    }

    /** The verdict and the criteria not met, the dry runs, the failure, the worst phase, the before and after. */
    private static void opening(StringBuilder out, ReportOpening opening) {
        GateResult gate = opening.gate();
        out.append(gate.sentence()).append('\n');
        for (Verdict v : gate.notMet()) {
            out.append("  ").append(v.status()).append(' ').append(v.criterion()).append(": ").append(v.measured())
                    .append('\n');
        }
        for (Verdict v : gate.dryRuns()) {
            out.append("  ").append(v.word()).append(' ').append(v.criterion()).append(": ").append(v.measured())
                    .append('\n');
        }
        out.append('\n');
        opening.failure().ifPresent(f -> out.append(f).append("\n\n"));
        opening.worst().ifPresent(w -> out.append("Worst phase: ").append(w.phase().index()).append(", ")
                .append(w.title()).append(": ").append(w.figures()).append(".\n\n"));
        if (!opening.changes().isEmpty()) {
            out.append("Before and after the upgrade, in this run:\n");
            opening.changes().forEach(c -> out.append("  - ").append(c.phases()).append(", ").append(c.what())
                    .append(": ").append(c.figures()).append('\n'));
            out.append('\n');
        }
    }

    /** The table in columns two spaces apart, each as wide as its widest cell (at most {@link #MAX_CELL}). */
    static void table(StringBuilder out, List<SummaryText.Column> columns, List<List<SummaryText.Cell>> rows) {
        table(out, columns, rows, MAX_CELL);
    }

    /** The table in columns two spaces apart, each as wide as its widest cell, a cell cut at {@code maxCell}. */
    public static void table(StringBuilder out, List<SummaryText.Column> columns, List<List<SummaryText.Cell>> rows,
                             int maxCell) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(columns.stream().map(SummaryText.Column::name).toList());
        rows.forEach(row -> lines.add(row.stream().map(c -> cut(c.text(), maxCell)).toList()));
        int[] widths = new int[columns.size()];
        for (List<String> line : lines) {
            for (int i = 0; i < widths.length && i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        for (List<String> line : lines) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < widths.length && i < line.size(); i++) {
                String cell = line.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                text.append(i == 0 ? "" : "  ")
                        .append(columns.get(i).align() == SummaryText.Align.RIGHT ? pad + cell : cell + pad);
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
    }

    private static String cut(String text, int maxCell) {
        String one = text.replaceAll("\\s+", " ");
        return one.length() <= maxCell ? one : one.substring(0, maxCell - 1) + "…";
    }
}
