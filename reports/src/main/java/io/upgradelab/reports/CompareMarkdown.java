package io.upgradelab.reports;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.RunComparison.Pair;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.stats.LocationShift;
import java.util.List;

/**
 * A before/after comparison as Markdown: per phase, each figure before, after and the change, then
 * each naming benchmark operation's TPS and p99 before and after, so a pull-request comment says what
 * an upgrade changed at a glance. Text from the journals is escaped,
 * and no control character reaches the page ({@link ControlCharacters}).
 */
public final class CompareMarkdown {

    /** How phases pair up and what a change is: said under the phases in every form of the comparison. */
    public static final String PAIRING = "Phases pair up by number when they are of the same kind. Each figure: before"
            + " → after (change: after minus before, and after / before for figures that are not counts).";

    /** How a figure's shift is judged: said under the table in every form of the comparison. */
    public static final String SHIFTS = "Per phase, each figure's samples (the probe's per second, each node's per"
            + " observation) before against after: shift = the Hodges-Lehmann estimate of after minus before, its"
            + " interval distribution-free at " + Math.round(FigureShift.CONFIDENCE * 100) + " %, p = Mann-Whitney U,"
            + " two-sided. A figure moved when the interval leaves out 0, p is under 5 % and the shift is at least its minimum"
            + " effect (p99 and CPU: a quarter of the before median, at least 1 ms and 5 points; success: 1 point;"
            + " instances: 1 % of the before median).";

    private CompareMarkdown() {
    }

    public static String render(RunComparison comparison) {
        return render(comparison, List.of());
    }

    /** The comparison, and under its phases the figures whose samples shifted ({@link FigureShift}). */
    public static String render(RunComparison comparison, List<FigureShift> shifts) {
        StringBuilder md = new StringBuilder();
        md.append("## Before: ").append(headline(comparison.before())).append("\n## After: ")
                .append(headline(comparison.after())).append("\n\n");
        md.append("| # | phase |");
        for (PhaseFigure f : PhaseFigure.values()) {
            md.append(' ').append(f.heading()).append(" |");
        }
        md.append("\n|--:|---|").append("--:|".repeat(PhaseFigure.values().length)).append('\n');
        for (Pair pair : comparison.pairs()) {
            md.append("| ").append(pair.after().index()).append(" | ").append(SummaryMarkdown.escape(pair.after().title()))
                    .append(" |");
            for (PhaseFigure f : PhaseFigure.values()) {
                double before = f.of(pair.before());
                double after = f.of(pair.after());
                md.append(' ').append(f.transition(before, after)).append(mark(f.judge(before, after))).append(" |");
            }
            md.append('\n');
        }
        unmatched(md, "Only in the before run", phases(comparison.onlyInBefore()));
        unmatched(md, "Only in the after run", phases(comparison.onlyInAfter()));
        md.append('\n').append(PAIRING).append(' ').append(PhaseFigure.MARKS).append('\n');
        if (!shifts.isEmpty()) {
            shifts(md, shifts);
        }
        if (!comparison.benchmarks().isEmpty()) {
            benchmarks(md, comparison.benchmarks());
        }
        if (!comparison.gateway().isEmpty()) {
            gateway(md, comparison.gateway());
        }
        if (!comparison.stacks().isEmpty()) {
            stacks(md, comparison.stacks());
        }
        return ControlCharacters.escape(md.toString());
    }

    /** " **worse**", " better" after a change the comparison judges; nothing after one it does not. */
    private static String mark(PhaseFigure.Judgement judgement) {
        return switch (judgement) {
            case WORSE -> " **worse**";
            case BETTER -> " better";
            default -> "";
        };
    }

    private static String headline(RunSummary run) {
        return SummaryMarkdown.escape(run.experiment()) + ", " + SummaryMarkdown.escape(run.outcome()) + " in "
                + SummaryText.duration(run.seconds()) + ", started " + SummaryMarkdown.escape(run.started());
    }

    /** The figures whose samples moved beyond their minimum effect, worse first; then how many did not, or could not say. */
    private static void shifts(StringBuilder md, List<FigureShift> shifts) {
        md.append("\n### What the samples show\n\n");
        List<FigureShift> moved = shifts.stream().filter(f -> f.judgement() == FigureShift.Judgement.WORSE).toList();
        List<FigureShift> better = shifts.stream().filter(f -> f.judgement() == FigureShift.Judgement.BETTER).toList();
        if (moved.isEmpty() && better.isEmpty()) {
            md.append("No figure moved beyond its minimum effect.\n");
        } else {
            md.append("| # | phase | figure | judgement | shift [95 % interval] | minimum effect | n before / after | p |\n"
                    + "|--:|---|---|---|---|--:|--:|--:|\n");
            for (FigureShift f : java.util.stream.Stream.concat(moved.stream(), better.stream()).toList()) {
                LocationShift s = f.shift();
                md.append("| ").append(f.phase()).append(" | ").append(SummaryMarkdown.escape(f.title())).append(" | ")
                        .append(f.figure()).append(" | ").append(f.judgement().word()).append(" (")
                        .append(f.worseWhen()).append(" is worse) | ").append(SummaryText.signed(s.estimate())).append(" [")
                        .append(SummaryText.signed(s.low())).append(", ").append(SummaryText.signed(s.high())).append("] | ")
                        .append(SummaryText.number(f.minEffect())).append(" | ").append(s.before()).append(" / ")
                        .append(s.after()).append(" | ").append(String.format(java.util.Locale.ROOT, "%.3g", s.pValue()))
                        .append(" |\n");
            }
        }
        long same = shifts.stream().filter(f -> f.judgement() == FigureShift.Judgement.SAME).count();
        long thin = shifts.stream().filter(f -> f.judgement() == FigureShift.Judgement.THIN).count();
        md.append('\n').append(same).append(" figure(s) the same within their minimum effect; ").append(thin)
                .append(" with too few samples for an interval, not judged.\n\n")
                .append(SHIFTS).append('\n');
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

    /** The gateway benchmark's wrk runs: QPS and p99 before, after, and after / before. */
    private static void gateway(StringBuilder md, Paired<GatewayBenchmarkSummary> gateway) {
        md.append("\n### Gateway benchmark\n\n| phase | route | connections | QPS before | after | after / before |"
                + " p99 ms before | after | after / before | errors before | after |\n"
                + "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Paired.Pair<GatewayBenchmarkSummary> pair : gateway.pairs()) {
            io.upgradelab.journal.GatewayBenchmark b = pair.before().wrk();
            io.upgradelab.journal.GatewayBenchmark a = pair.after().wrk();
            md.append("| ").append(pair.after().phase()).append(" | ").append(SummaryMarkdown.escape(pair.after().route()))
                    .append(" | ").append(a.concurrency()).append(" | ").append(SummaryText.number(b.qps())).append(" | ")
                    .append(SummaryText.number(a.qps())).append(" | ").append(ratio(pair.after().qpsOver(pair.before())))
                    .append(" | ").append(SummaryText.ms(b.latency().p99())).append(" | ")
                    .append(SummaryText.ms(a.latency().p99())).append(" | ")
                    .append(ratio(pair.after().p99Over(pair.before()))).append(" | ")
                    .append(b.errorCount()).append(" | ").append(a.errorCount()).append(" |\n");
        }
        unmatched(md, "wrk runs only in the before run", gateway.onlyInBefore().stream()
                .map(r -> r.phase() + " (" + r.route() + " at " + r.wrk().concurrency() + ")").toList());
        unmatched(md, "wrk runs only in the after run", gateway.onlyInAfter().stream()
                .map(r -> r.phase() + " (" + r.route() + " at " + r.wrk().concurrency() + ")").toList());
        md.append("\nwrk runs pair up by phase number, route and connections; wrk's own QPS and p99.\n");
    }

    /** The consumer stacks: failed calls, how long they kept failing and how soon they reached a new instance, before and after. */
    private static void stacks(StringBuilder md, Paired<ConsumerStackSummary> stacks) {
        md.append("\n### Consumer stacks\n\n| phase | event | stack | failed before | after | failing for (s) before |"
                + " after | new instance after (s) before | after |\n|--:|---|---|--:|--:|--:|--:|--:|--:|\n");
        for (Paired.Pair<ConsumerStackSummary> pair : stacks.pairs()) {
            io.upgradelab.journal.ConsumerStack b = pair.before().line();
            io.upgradelab.journal.ConsumerStack a = pair.after().line();
            md.append("| ").append(pair.after().phase()).append(" | ").append(a.event()).append(" | ")
                    .append(SummaryMarkdown.escape(a.stack())).append(" | ").append(b.errors()).append(" of ")
                    .append(b.calls()).append(" | ").append(a.errors()).append(" of ").append(a.calls()).append(" | ")
                    .append(SummaryText.number(b.secondsToStop())).append(" | ").append(SummaryText.number(a.secondsToStop()))
                    .append(" | ").append(toNew(b)).append(" | ").append(toNew(a)).append(" |\n");
        }
        unmatched(md, "Stacks only in the before run", stacks.onlyInBefore().stream()
                .map(r -> r.phase() + " (" + SummaryMarkdown.escape(r.line().stack()) + ", " + r.line().event() + ")").toList());
        unmatched(md, "Stacks only in the after run", stacks.onlyInAfter().stream()
                .map(r -> r.phase() + " (" + SummaryMarkdown.escape(r.line().stack()) + ", " + r.line().event() + ")").toList());
        md.append("\nStacks pair up by phase number, stack and event.\n");
    }

    private static String toNew(io.upgradelab.journal.ConsumerStack line) {
        return line.secondsToNew() == null ? "-" : SummaryText.number(line.secondsToNew());
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
