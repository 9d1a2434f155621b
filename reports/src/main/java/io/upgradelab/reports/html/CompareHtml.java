package io.upgradelab.reports.html;

import static j2html.TagCreator.body;
import static j2html.TagCreator.div;
import static j2html.TagCreator.document;
import static j2html.TagCreator.each;
import static j2html.TagCreator.figure;
import static j2html.TagCreator.h1;
import static j2html.TagCreator.h2;
import static j2html.TagCreator.h3;
import static j2html.TagCreator.head;
import static j2html.TagCreator.html;
import static j2html.TagCreator.iff;
import static j2html.TagCreator.img;
import static j2html.TagCreator.meta;
import static j2html.TagCreator.p;
import static j2html.TagCreator.rawHtml;
import static j2html.TagCreator.strong;
import static j2html.TagCreator.style;
import static j2html.TagCreator.table;
import static j2html.TagCreator.tbody;
import static j2html.TagCreator.td;
import static j2html.TagCreator.text;
import static j2html.TagCreator.th;
import static j2html.TagCreator.thead;
import static j2html.TagCreator.title;
import static j2html.TagCreator.tr;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.BenchmarkComparison;
import io.upgradelab.reports.BenchmarkSummary;
import io.upgradelab.reports.ConsumerStackSummary;
import io.upgradelab.reports.GatewayBenchmarkSummary;
import io.upgradelab.reports.Paired;
import io.upgradelab.reports.CompareMarkdown;
import io.upgradelab.reports.PhaseFigure;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SummaryText;
import j2html.tags.DomContent;
import j2html.tags.specialized.TableTag;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A before/after comparison ({@code compare}) as one self-contained HTML page: both runs named, each
 * paired phase's figures before, after and the change (as {@link CompareMarkdown} has them, through
 * {@link PhaseFigure}), the naming benchmarks where the runs had one, and each chart of the run report
 * with the two runs on one time axis ({@link CompareCharts}), so a reviewer sees where the after run
 * differs and when. As the run report: nothing is fetched (no CDN, no script; the charts are SVG in data
 * URIs), j2html escapes every text node so a journal's string is shown, never interpreted, and the
 * page's control characters are escaped ({@link ControlCharacters}).
 */
public final class CompareHtml {

    private static final String CSS = """
            body { font-family: system-ui, sans-serif; margin: 24px; color: #222; }
            table { border-collapse: collapse; margin: 8px 0 4px; font-size: 13px; }
            th, td { border: 1px solid #ccc; padding: 3px 6px; }
            th { background: #f2f2f2; }
            td.right, td.before, td.after, td.change { text-align: right; }
            td.after { background: #f7fbff; } td.change { color: #555; white-space: nowrap; }
            td.worse { background: #fde2e1; color: #8a1c1c; font-weight: 600; }
            td.better { background: #e2f4e4; color: #1d5e2a; }
            td.title { min-width: 16em; } div.wide { overflow-x: auto; }
            p.note { font-size: 12px; color: #555; max-width: 1100px; }
            p.warning { background: #fff3cd; padding: 6px; }
            figure { margin: 12px 0; } img.chart { width: 1100px; max-width: 100%; border: 1px solid #eee; }
            """;

    private CompareHtml() {
    }

    /** The page comparing {@code comparison}'s runs, with the charts of their timelines (read from the same journals). */
    public static String render(RunComparison comparison, RunTimeline before, RunTimeline after) {
        RunSummary b = comparison.before();
        RunSummary a = comparison.after();
        RunTimeline beforeTimeline = flagged(b, before);
        RunTimeline afterTimeline = flagged(a, after);
        boolean same = b.experiment().equals(a.experiment());
        String heading = name(b, same) + " vs " + name(a, same);
        return ControlCharacters.escape(document(html(
                head(meta().withCharset("utf-8"), title("compare: " + heading), style(rawHtml(CSS))),
                body(
                        h1(heading),
                        runs(b, a),
                        iff(SummaryText.failureSentence(b), f -> p(strong("Before: "), strong(f)).withClass("warning")
                                .withId("failure-before")),
                        iff(SummaryText.failureSentence(a), f -> p(strong("After: "), strong(f)).withClass("warning")
                                .withId("failure-after")),
                        h2("Phases"),
                        div(phases(comparison.pairs())).withClass("wide"),
                        unmatched("Only in the before run: ", comparison.onlyInBefore(), "only-before"),
                        unmatched("Only in the after run: ", comparison.onlyInAfter(), "only-after"),
                        p(CompareMarkdown.PAIRING + " " + PhaseFigure.MARKS).withClass("note"),
                        iff(!comparison.benchmarks().isEmpty(), h2("Naming benchmark")),
                        iff(!comparison.benchmarks().isEmpty(), benchmarks(comparison.benchmarks())),
                        iff(!comparison.gateway().isEmpty(), h2("Gateway benchmark")),
                        iff(!comparison.gateway().isEmpty(), gateway(comparison.gateway())),
                        iff(!comparison.stacks().isEmpty(), h2("Consumer stacks")),
                        iff(!comparison.stacks().isEmpty(), stacks(comparison.stacks())),
                        h2("Over time"),
                        p("Each chart has the before run above and the after run below, on one time axis: seconds since"
                                + " each run started. Shaded bands are each run's phases, numbered as in the table (a band"
                                + " numbered with ! is a phase whose load is flagged); thin lines marked E1, E2, ... are"
                                + " that run's events, listed below.").withClass("note"),
                        chart("instances", CompareCharts.instances(beforeTimeline, afterTimeline),
                                "Instances per node against the registered count, before above and after below"),
                        chart("cpu", CompareCharts.cpu(beforeTimeline, afterTimeline),
                                "CPU per node, before above and after below"),
                        chart("outcomes", CompareCharts.outcomes(beforeTimeline, afterTimeline),
                                "Probe rate and calls per second by outcome, before above and after below"),
                        chart("latency", CompareCharts.latency(beforeTimeline, afterTimeline),
                                "Probe latency percentiles per second, before above and after below"),
                        h2("Events"),
                        h3("Before: " + b.experiment()),
                        events(beforeTimeline, "events-before"),
                        h3("After: " + a.experiment()),
                        events(afterTimeline, "events-after")))));
    }

    /** The run's experiment, and when it started if the other run is of the same experiment: two runs of one file. */
    private static String name(RunSummary run, boolean same) {
        return same ? run.experiment() + " (started " + run.started() + ")" : run.experiment();
    }

    /** {@code timeline} with the phases whose load is flagged marked, as the run report marks them. */
    private static RunTimeline flagged(RunSummary run, RunTimeline timeline) {
        return timeline.flagging(run.phases().stream().filter(p -> !p.load().valid()).map(PhaseSummary::index)
                .collect(Collectors.toSet()));
    }

    /** Both runs, one row each: which, its headline, when it started, what its probe felt. */
    private static TableTag runs(RunSummary before, RunSummary after) {
        return table(
                thead(tr(th(""), th("run"), th("started"), th("probe"))),
                tbody(run("before", before), run("after", after))).withId("runs");
    }

    private static DomContent run(String which, RunSummary run) {
        return tr(th(which), td(SummaryText.headline(run)), td(run.started()), td(SummaryText.probeSentence(run)))
                .withClass(which);
    }

    /** One row per paired phase: its number and title, then each figure before, after and the change. */
    private static TableTag phases(List<RunComparison.Pair> pairs) {
        List<DomContent> headings = new ArrayList<>(List.of(th("#"), th("phase")));
        List<DomContent> sides = new ArrayList<>(List.of(th(""), th("")));
        for (PhaseFigure f : PhaseFigure.values()) {
            headings.add(th(f.heading()).attr("colspan", "3"));
            sides.addAll(List.of(th("before"), th("after"), th("change")));
        }
        return table(
                thead(tr(headings.toArray(DomContent[]::new)), tr(sides.toArray(DomContent[]::new))),
                tbody(each(pairs, pair -> {
                    List<DomContent> figures = new ArrayList<>();
                    boolean regressed = false;
                    for (PhaseFigure f : PhaseFigure.values()) {
                        double before = f.of(pair.before());
                        double after = f.of(pair.after());
                        figures.add(td(f.format(before)).withClass("before"));
                        figures.add(td(f.format(after)).withClass("after"));
                        PhaseFigure.Judgement judgement = f.judge(before, after);
                        regressed |= judgement == PhaseFigure.Judgement.WORSE;
                        boolean marked = judgement == PhaseFigure.Judgement.WORSE
                                || judgement == PhaseFigure.Judgement.BETTER;
                        figures.add(td(f.change(before, after) + (marked ? " " + judgement.word() : ""))
                                .withClass(marked ? "change " + judgement.word() : "change"));
                    }
                    // a regression shows at the row's start too, however far right its figure is in the wide table
                    List<DomContent> cells = new ArrayList<>(List.of(td(Integer.toString(pair.after().index()))
                            .withClass("right"), regressed ? td(pair.after().title()).withClass("title worse")
                            .attr("title", "a figure of this phase got worse") : td(pair.after().title()).withClass("title")));
                    cells.addAll(figures);
                    return tr(cells.toArray(DomContent[]::new));
                }))).withId("phases");
    }

    /** "Only in the before run: 15 (hold: hold 1m at 17500 providers), ..."; nothing when every phase paired. */
    private static DomContent unmatched(String heading, List<PhaseSummary> phases, String id) {
        return iff(!phases.isEmpty(), p(strong(heading), text(phases.stream()
                .map(p -> p.index() + " (" + p.kind() + ": " + p.title() + ")").collect(Collectors.joining(", "))))
                .withId(id));
    }

    /** The naming benchmarks' operations: TPS and p99 before, after, and after / before. */
    private static DomContent benchmarks(BenchmarkComparison benchmarks) {
        return table(
                thead(tr(th("phase"), th("operation"), th("TPS before"), th("after"), th("after / before"),
                        th("p99 ms before"), th("after"), th("after / before"))),
                tbody(each(benchmarks.pairs(), pair -> tr(td(Integer.toString(pair.after().phase())).withClass("right"),
                        td(pair.after().operation()), td(SummaryText.number(pair.before().tps())).withClass("before"),
                        td(SummaryText.number(pair.after().tps())).withClass("after"),
                        td(ratio(pair.tpsRatio())).withClass("change"), td(p99(pair.before())).withClass("before"),
                        td(p99(pair.after())).withClass("after"), td(ratio(pair.p99Ratio())).withClass("change")))))
                .withId("benchmarks");
    }

    /** The gateway benchmarks' wrk runs: QPS and p99 before, after, and after / before. */
    private static DomContent gateway(Paired<GatewayBenchmarkSummary> gateway) {
        return table(
                thead(tr(th("phase"), th("route"), th("connections"), th("QPS before"), th("after"), th("after / before"),
                        th("p99 ms before"), th("after"), th("after / before"))),
                tbody(each(gateway.pairs(), pair -> {
                    io.upgradelab.journal.GatewayBenchmark b = pair.before().wrk();
                    io.upgradelab.journal.GatewayBenchmark a = pair.after().wrk();
                    return tr(td(Integer.toString(pair.after().phase())).withClass("right"), td(pair.after().route()),
                            td(Integer.toString(a.concurrency())).withClass("right"),
                            td(SummaryText.number(b.qps())).withClass("before"), td(SummaryText.number(a.qps())).withClass("after"),
                            td(ratio(pair.after().qpsOver(pair.before()))).withClass("change"),
                            td(SummaryText.ms(b.latency().p99())).withClass("before"),
                            td(SummaryText.ms(a.latency().p99())).withClass("after"),
                            td(ratio(pair.after().p99Over(pair.before()))).withClass("change"));
                })))
                .withId("gateway-benchmark");
    }

    /** The consumer stacks: failed calls and how long they kept failing, before and after. */
    private static DomContent stacks(Paired<ConsumerStackSummary> stacks) {
        return table(
                thead(tr(th("phase"), th("event"), th("stack"), th("failed before"), th("after"), th("failing for (s) before"),
                        th("after"))),
                tbody(each(stacks.pairs(), pair -> {
                    io.upgradelab.journal.ConsumerStack b = pair.before().line();
                    io.upgradelab.journal.ConsumerStack a = pair.after().line();
                    return tr(td(Integer.toString(pair.after().phase())).withClass("right"), td(a.event()), td(a.stack()),
                            td(b.errors() + " of " + b.calls()).withClass("before"),
                            td(a.errors() + " of " + a.calls()).withClass("after"),
                            td(SummaryText.number(b.secondsToStop())).withClass("before"),
                            td(SummaryText.number(a.secondsToStop())).withClass("after"));
                })))
                .withId("consumer-stacks");
    }

    private static String p99(BenchmarkSummary row) {
        return row.responseTimes().count() == 0 ? "-" : SummaryText.ms(row.responseTimes().p99());
    }

    private static String ratio(Double ratio) {
        return ratio == null ? "-" : SummaryText.ratio(ratio);
    }

    private static DomContent chart(String id, String svg, String what) {
        String uri = "data:image/svg+xml;base64," + Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8));
        return figure(img().withSrc(uri).withAlt(what).withClass("chart")).withId("chart-" + id);
    }

    private static TableTag events(RunTimeline timeline, String id) {
        return table(
                thead(tr(th("event"), th("at (s)"), th("phase"), th("what"))),
                tbody(each(timeline.events(), e -> tr(td("E" + e.number()), td(String.format(Locale.ROOT, "%.1f",
                        e.seconds())).withClass("right"), td(Integer.toString(e.phase())).withClass("right"),
                        td(e.what()))))).withId(id);
    }
}
