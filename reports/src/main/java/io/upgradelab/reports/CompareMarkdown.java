package io.upgradelab.reports;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.RunComparison.Pair;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/**
 * A before/after comparison as Markdown: per phase, each figure before, after and the change, then
 * each naming benchmark operation's TPS and p99 before and after, so a pull-request comment says what
 * an upgrade changed at a glance. Text from the journals is escaped,
 * and no control character reaches the page ({@link ControlCharacters}).
 */
public final class CompareMarkdown {

    /** How phases pair up and what a change is: said under the phases in every form of the comparison. */
    public static final String PAIRING = "Phases pair up by number when they are of the same kind. Change: after minus"
            + " before, and after / before for figures that are not counts.";

    private CompareMarkdown() {
    }

    public static String render(RunComparison comparison) {
        StringBuilder md = new StringBuilder();
        md.append("## Before: ").append(headline(comparison.before())).append("\n## After: ")
                .append(headline(comparison.after())).append("\n\n");
        md.append("| # | phase |");
        for (PhaseFigure f : PhaseFigure.values()) {
            md.append(' ').append(f.heading()).append(" before | after | change |");
        }
        md.append("\n|--:|---|").append("--:|--:|--:|".repeat(PhaseFigure.values().length)).append('\n');
        for (Pair pair : comparison.pairs()) {
            md.append("| ").append(pair.after().index()).append(" | ").append(SummaryMarkdown.escape(pair.after().title()))
                    .append(" |");
            for (PhaseFigure f : PhaseFigure.values()) {
                double before = f.of(pair.before());
                double after = f.of(pair.after());
                md.append(' ').append(f.format(before)).append(" | ").append(f.format(after))
                        .append(" | ").append(f.change(before, after)).append(" |");
            }
            md.append('\n');
        }
        unmatched(md, "Only in the before run", phases(comparison.onlyInBefore()));
        unmatched(md, "Only in the after run", phases(comparison.onlyInAfter()));
        md.append('\n').append(PAIRING).append('\n');
        if (!comparison.benchmarks().isEmpty()) {
            benchmarks(md, comparison.benchmarks());
        }
        return ControlCharacters.escape(md.toString());
    }

    private static String headline(RunSummary run) {
        return SummaryMarkdown.escape(run.experiment()) + ", " + SummaryMarkdown.escape(run.outcome()) + " in "
                + SummaryText.duration(run.seconds()) + ", started " + SummaryMarkdown.escape(run.started());
    }

    /** The naming benchmark's operations: TPS and p99 before, after, and after / before. */
    private static void benchmarks(StringBuilder md, BenchmarkComparison benchmarks) {
        md.append("\n### Naming benchmark\n\n| phase | operation | TPS before | after | after / before |"
                + " p99 ms before | after | after / before |\n|--:|---|--:|--:|--:|--:|--:|--:|\n");
        for (BenchmarkComparison.Pair pair : benchmarks.pairs()) {
            md.append("| ").append(pair.after().phase()).append(" | ")
                    .append(SummaryMarkdown.escape(pair.after().operation())).append(" | ")
                    .append(SummaryText.number(pair.before().tps())).append(" | ")
                    .append(SummaryText.number(pair.after().tps())).append(" | ").append(ratio(pair.tpsRatio()))
                    .append(" | ").append(p99(pair.before())).append(" | ").append(p99(pair.after())).append(" | ")
                    .append(ratio(pair.p99Ratio())).append(" |\n");
        }
        unmatched(md, "Benchmark operations only in the before run", operations(benchmarks.onlyInBefore()));
        unmatched(md, "Benchmark operations only in the after run", operations(benchmarks.onlyInAfter()));
        md.append("\nOperations pair up by phase number and operation. TPS: operations that succeeded per second;"
                + " p99: the response time of those that succeeded.\n");
    }

    private static String p99(BenchmarkSummary row) {
        return row.responseTimes().count() == 0 ? "-" : SummaryText.ms(row.responseTimes().p99());
    }

    private static String ratio(Double ratio) {
        return ratio == null ? "-" : SummaryText.ratio(ratio);
    }

    /** "4 (rampTo)" for each phase. */
    private static List<String> phases(List<PhaseSummary> phases) {
        return phases.stream().map(p -> p.index() + " (" + SummaryMarkdown.escape(p.kind()) + ")").toList();
    }

    /** "4 (register)" for each benchmark operation. */
    private static List<String> operations(List<BenchmarkSummary> rows) {
        return rows.stream().map(r -> r.phase() + " (" + SummaryMarkdown.escape(r.operation()) + ")").toList();
    }

    private static void unmatched(StringBuilder md, String heading, List<String> items) {
        if (!items.isEmpty()) {
            md.append('\n').append(heading).append(": ");
            items.forEach(item -> md.append(item).append(' '));
            md.append('\n');
        }
    }
}
