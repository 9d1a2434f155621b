package io.upgradelab.reports;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.gate.GateResult;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A run's summary as Markdown, fit for a pull-request comment: it opens with the run's facts, the
 * gate's verdict and the criteria not met (failed, or inconclusive with the reason), the worst phase and the before and after
 * ({@link ReportOpening}), then one row per phase in the shape of
 * the published comparison (server version, client version, scale, stability, CPU) followed by
 * what the probe felt (outcomes and latency p50/p75/p90/p99/max), then the naming benchmark's operations,
 * the failure signs and missing providers, the clients the next version cuts off, the nodes that listed more than was registered,
 * the rollback window ({@link RollbackWindow}), and the config
 * checks per phase, where the run had any. Text from the journal is escaped,
 * and no control character reaches the page ({@link ControlCharacters}).
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    /** The summary of {@code run} not gated, from the summary alone (so the journal's host and lab version are not said). */
    public static String render(RunSummary run) {
        return render(run, ReportOpening.of(run, null, GateResult.notGated()));
    }

    /** The summary of {@code run}, opening with {@code opening}. */
    public static String render(RunSummary run, ReportOpening opening) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(escape(SummaryText.headline(run))).append("\n\n");
        opening(md, opening);
        Class<?> previous = null;
        for (SummaryBlocks.Block block : SummaryBlocks.of(run, opening)) {
            block(md, block, previous);
            previous = block.getClass();
        }
        return ControlCharacters.escape(md.toString());
    }

    /** The facts, the verdict and the criteria not met, the failure, the worst phase, the before and after. */
    private static void opening(StringBuilder md, ReportOpening opening) {
        md.append(opening.facts().items().stream().map(SummaryMarkdown::escape).collect(Collectors.joining(" · ")))
                .append("\n\n");
        GateResult gate = opening.gate();
        md.append("**").append(gate.word()).append("**: ").append(escape(gate.summary())).append("\n\n");
        if (!gate.notMet().isEmpty()) {
            gate.notMet().forEach(v -> md.append("- ").append(v.status()).append(' ').append(escape(v.criterion()))
                    .append(": ").append(escape(v.measured())).append('\n'));
            md.append('\n');
        }
        if (!gate.dryRuns().isEmpty()) {   // judged, never deciding: listed apart, each with the status it would have
            gate.dryRuns().forEach(v -> md.append("- ").append(v.word()).append(' ').append(escape(v.criterion()))
                    .append(": ").append(escape(v.measured())).append('\n'));
            md.append('\n');
        }
        opening.failure().ifPresent(f -> md.append("**").append(escape(f)).append("**\n\n"));
        opening.worst().ifPresent(w -> md.append("Worst phase: ").append(w.phase().index()).append(", ")
                .append(escape(w.title())).append(": ").append(escape(w.figures())).append(".\n\n"));
        if (!opening.changes().isEmpty()) {
            md.append("Before and after the upgrade, in this run:\n");
            opening.changes().forEach(c -> md.append("- ").append(escape(c.phases())).append(", ").append(escape(c.what()))
                    .append(": ").append(escape(c.figures())).append('\n'));
            md.append('\n');
        }
    }

    /** One block as Markdown: a list right under its heading, otherwise after a blank line. */
    private static void block(StringBuilder md, SummaryBlocks.Block block, Class<?> previous) {
        if (block instanceof SummaryBlocks.Heading h) {
            md.append("\n### ").append(h.text()).append("\n\n");
        } else if (block instanceof SummaryBlocks.Text t) {
            md.append(t.text()).append("\n\n");
        } else if (block instanceof SummaryBlocks.Table t) {
            table(md, t.columns(), t.rows());
        } else if (block instanceof SummaryBlocks.Note n) {
            md.append('\n').append(n.text()).append('\n');
        } else if (block instanceof SummaryBlocks.Bullets b) {
            if (previous != SummaryBlocks.Heading.class) {
                md.append('\n');
            }
            b.items().forEach(item -> md.append("- ").append(escape(item)).append('\n'));
        }
    }

    private static void table(StringBuilder md, List<SummaryText.Column> columns, List<List<SummaryText.Cell>> rows) {
        md.append(columns.stream().map(c -> " " + c.name() + " ").collect(Collectors.joining("|", "|", "|\n")));
        md.append(columns.stream().map(c -> switch (c.align()) {
            case LEFT -> "---";
            case CENTER -> ":-:";
            case RIGHT -> "--:";
        }).collect(Collectors.joining("|", "|", "|\n")));
        for (List<SummaryText.Cell> row : rows) {
            md.append(row.stream().map(c -> " " + (c.alarming() ? "**" + escape(c.text()) + "**" : escape(c.text())) + " ")
                    .collect(Collectors.joining("|", "|", "|\n")));
        }
    }

    /** Journal text in a table cell: no cell breaks, no markup, no HTML. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.replaceAll("\\s+", " ").toCharArray()) {
            switch (c) {
                case '|', '\\', '`', '*', '_', '[', ']', '<', '>', '#', '&', '~', '@', '!' -> out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
