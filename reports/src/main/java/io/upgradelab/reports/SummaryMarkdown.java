package io.upgradelab.reports;

import io.upgradelab.journal.ControlCharacters;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A run's summary as Markdown, fit for a pull-request comment: one row per phase in the shape of
 * the published comparison (server version, client version, scale, stability, CPU) followed by
 * what the probe felt (outcomes and latency p50/p75/p90/p99/max), then the naming benchmark's operations
 * and the config checks per phase where the run had any. Text from the journal is escaped,
 * and no control character reaches the page ({@link ControlCharacters}).
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    public static String render(RunSummary run) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(escape(SummaryText.headline(run))).append("\n\n");
        SummaryText.failureSentence(run).ifPresent(f -> md.append("**").append(escape(f)).append("**\n\n"));
        md.append(SummaryText.probeSentence(run)).append("\n\n");
        table(md, SummaryText.COLUMNS, SummaryText.rows(run));
        md.append('\n').append(SummaryText.FOOTNOTE).append('\n');
        List<List<SummaryText.Cell>> benchmarks = SummaryText.benchmarkRows(run);
        if (!benchmarks.isEmpty()) {
            md.append("\n### Naming benchmark\n\n");
            table(md, SummaryText.BENCHMARK_COLUMNS, benchmarks);
            md.append('\n').append(SummaryText.BENCHMARK_FOOTNOTE).append('\n');
        }
        List<String> findings = SummaryText.findings(run);
        if (!findings.isEmpty()) {
            md.append("\n### Failure signs and missing providers\n\n");
            findings.forEach(f -> md.append("- ").append(escape(f)).append('\n'));
        }
        List<List<SummaryText.Cell>> configs = SummaryText.configRows(run);
        if (!configs.isEmpty()) {
            md.append("\n### Configs\n\n");
            table(md, SummaryText.CONFIG_COLUMNS, configs);
            md.append('\n').append(SummaryText.CONFIG_FOOTNOTE).append('\n');
        }
        return ControlCharacters.escape(md.toString());
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
