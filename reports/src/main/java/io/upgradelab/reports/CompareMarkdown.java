package io.upgradelab.reports;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.RunComparison.Pair;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A before/after comparison as Markdown: per phase, each figure before, after and the change, so a
 * pull-request comment says what an upgrade changed at a glance. Text from the journals is escaped,
 * and no control character reaches the page ({@link ControlCharacters}).
 */
public final class CompareMarkdown {

    /** A compared figure: its heading and how it is read off a phase (NaN: not measured). */
    private record Figure(String heading, ToDoubleFunction<PhaseSummary> value, boolean whole) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("seconds", PhaseSummary::seconds, true),
            new Figure("flapping", p -> p.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum(), true),
            new Figure("CPU % (cluster mean)", RunComparison::clusterMeanCpu, false),
            new Figure("CPU p95 % (worst node)", p -> p.nodes().stream().filter(n -> n.samples() > 0)
                    .mapToDouble(NodeSummary::p95CpuPercent).max().orElse(Double.NaN), false),
            new Figure("ok %", p -> p.probe().successPercent(), false),
            new Figure("no provider", p -> p.probe().noProvider(), true),
            new Figure("p99 ms", p -> p.latency() == null ? Double.NaN : p.latency().p99(), false));

    private CompareMarkdown() {
    }

    public static String render(RunComparison comparison) {
        StringBuilder md = new StringBuilder();
        md.append("## Before: ").append(headline(comparison.before())).append("\n## After: ")
                .append(headline(comparison.after())).append("\n\n");
        md.append("| # | phase |");
        FIGURES.forEach(f -> md.append(' ').append(f.heading()).append(" before | after | change |"));
        md.append("\n|--:|---|").append("--:|--:|--:|".repeat(FIGURES.size())).append('\n');
        for (Pair pair : comparison.pairs()) {
            md.append("| ").append(pair.after().index()).append(" | ").append(SummaryMarkdown.escape(pair.after().title()))
                    .append(" |");
            for (Figure f : FIGURES) {
                double before = f.value().applyAsDouble(pair.before());
                double after = f.value().applyAsDouble(pair.after());
                md.append(' ').append(format(before, f.whole())).append(" | ").append(format(after, f.whole()))
                        .append(" | ").append(change(before, after, f.whole())).append(" |");
            }
            md.append('\n');
        }
        unmatched(md, "Only in the before run", comparison.onlyInBefore());
        unmatched(md, "Only in the after run", comparison.onlyInAfter());
        md.append("\nPhases pair up by number when they are of the same kind. Change: after minus before, and"
                + " after / before for figures that are not counts.\n");
        return ControlCharacters.escape(md.toString());
    }

    private static String headline(RunSummary run) {
        return SummaryMarkdown.escape(run.experiment()) + ", " + SummaryMarkdown.escape(run.outcome()) + " in "
                + SummaryText.duration(run.seconds()) + ", started " + SummaryMarkdown.escape(run.started());
    }

    private static void unmatched(StringBuilder md, String heading, List<PhaseSummary> phases) {
        if (!phases.isEmpty()) {
            md.append('\n').append(heading).append(": ");
            phases.forEach(p -> md.append(p.index()).append(" (").append(SummaryMarkdown.escape(p.kind())).append(") "));
            md.append('\n');
        }
    }

    private static String format(double value, boolean whole) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return whole ? String.valueOf(Math.round(value)) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** "+3", "-12.5"; and for a figure in % of a core, the ratio too: "-20.1 (x0.45)". */
    private static String change(double before, double after, boolean whole) {
        if (Double.isNaN(before) || Double.isNaN(after)) {
            return "-";
        }
        String text = format(after - before, whole);
        text = text.matches("-?0(\\.0)?") ? "0" : after > before ? "+" + text : text;
        return whole || before == 0 ? text : text + String.format(Locale.ROOT, " (x%.2f)", after / before);
    }
}
