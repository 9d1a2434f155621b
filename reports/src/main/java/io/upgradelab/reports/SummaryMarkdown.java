package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.Latency;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.math.BigDecimal;
import java.util.Locale;
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
                .append(" in ").append(duration(run.seconds())).append(" (scale ")
                .append(BigDecimal.valueOf(run.scale()).stripTrailingZeros().toPlainString())
                .append(")\n\n");
        if (!run.complete()) {
            md.append("**Incomplete:** the journal ends without a runEnded line (the run was killed); ")
                    .append("everything up to its last line is below.\n\n");
        }
        md.append("Probe: ").append(run.probe().scheduled()).append(" calls, ")
                .append(number(run.probe().successPercent())).append("% successful, ")
                .append(run.probe().noProvider()).append(" no provider, ").append(run.probe().timeout())
                .append(" timeout, ").append(run.probe().network()).append(" network, ").append(run.probe().other())
                .append(" other").append(latencyText(run.latency())).append(".\n\n");
        md.append("| # | phase | server | clients | providers | stable | flapping | CPU % mean / p95 per node |"
                + " calls | ok % | no provider | other errors | p50 | p75 | p90 | p99 | max (ms) |\n");
        md.append("|--:|---|---|---|--:|:-:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (PhaseSummary p : run.phases()) {
            Latency l = p.latency();
            md.append("| ").append(p.index()).append(" | ").append(escape(p.title()))
                    .append("done".equals(p.outcome()) ? "" : " (**" + escape(p.outcome()) + "**)")
                    .append(" | ").append(escape(p.serverVersions())).append(" | ").append(escape(p.clients()))
                    .append(" | ").append(p.providers()).append(" | ").append(p.stable() ? "yes" : "**no**")
                    .append(" | ").append(p.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum())
                    .append(" | ").append(p.nodes().stream()
                            .map(n -> number(n.meanCpuPercent()) + " / " + number(n.p95CpuPercent()))
                            .collect(Collectors.joining(", ")))
                    .append(" | ").append(p.probe().scheduled()).append(" | ").append(number(p.probe().successPercent()))
                    .append(" | ").append(p.probe().noProvider())
                    .append(" | ").append(p.probe().timeout() + p.probe().network() + p.probe().other())
                    .append(l == null ? " | - | - | - | - | - |" : " | " + ms(l.p50()) + " | " + ms(l.p75())
                            + " | " + ms(l.p90()) + " | " + ms(l.p99()) + " | " + ms(l.max()) + " |")
                    .append('\n');
        }
        md.append("\nStable: no node's instance count was below the expected count in any sample of the phase;"
                + " flapping counts the falls below it (a node below from the phase's start counts once). Latency runs from each call's intended start.\n");
        return md.toString();
    }

    private static String latencyText(Latency latency) {
        return latency == null ? "" : "; latency p50 " + ms(latency.p50()) + " ms, p99 " + ms(latency.p99())
                + " ms, max " + ms(latency.max()) + " ms";
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

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String ms(double millis) {
        return String.format(Locale.ROOT, "%.2f", millis);
    }

    private static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? s / 60 + "m" + (s % 60 == 0 ? "" : s % 60 + "s") : s + "s";
    }
}
