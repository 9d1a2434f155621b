package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.Latency;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A run's summary as Markdown, fit for a pull-request comment: one row per phase in the shape of
 * the published comparison (server version, client version, scale, stability, CPU) followed by
 * what the probe felt (outcomes and latency p50/p75/p90/p99/max). Text from the journal is escaped.
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    public static String render(RunSummary run) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(escape(run.experiment())).append(": ").append(escape(run.outcome()))
                .append(" in ").append(PhaseTable.duration(run.seconds())).append(" (scale ")
                .append(BigDecimal.valueOf(run.scale()).stripTrailingZeros().toPlainString())
                .append(")\n\n");
        if (!run.complete()) {
            md.append("**Incomplete:** the journal ends without a runEnded line (the run was killed); ")
                    .append("everything up to its last line is below.\n\n");
        }
        md.append("Probe: ").append(run.probe().scheduled()).append(" calls, ")
                .append(PhaseTable.number(run.probe().successPercent())).append("% successful, ")
                .append(run.probe().noProvider()).append(" no provider, ").append(run.probe().timeout())
                .append(" timeout, ").append(run.probe().network()).append(" network, ").append(run.probe().other())
                .append(" other").append(latencyText(run.latency())).append(".\n\n");
        table(md, PhaseTable.rows(run));
        md.append('\n').append(PhaseTable.FOOTNOTE).append('\n');
        return md.toString();
    }

    private static void table(StringBuilder md, List<List<PhaseTable.Cell>> rows) {
        md.append(PhaseTable.COLUMNS.stream().map(c -> " " + c.name() + " ").collect(Collectors.joining("|", "|", "|\n")));
        md.append(PhaseTable.COLUMNS.stream().map(c -> switch (c.align()) {
            case LEFT -> "---";
            case CENTER -> ":-:";
            case RIGHT -> "--:";
        }).collect(Collectors.joining("|", "|", "|\n")));
        for (List<PhaseTable.Cell> row : rows) {
            md.append(row.stream().map(c -> " " + (c.alarming() ? "**" + escape(c.text()) + "**" : escape(c.text())) + " ")
                    .collect(Collectors.joining("|", "|", "|\n")));
        }
    }

    private static String latencyText(Latency latency) {
        return latency == null ? "" : "; latency p50 " + PhaseTable.ms(latency.p50()) + " ms, p99 " + PhaseTable.ms(latency.p99())
                + " ms, max " + PhaseTable.ms(latency.max()) + " ms";
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
