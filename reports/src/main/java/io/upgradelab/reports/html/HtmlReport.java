package io.upgradelab.reports.html;

import static j2html.TagCreator.a;
import static j2html.TagCreator.body;
import static j2html.TagCreator.div;
import static j2html.TagCreator.document;
import static j2html.TagCreator.each;
import static j2html.TagCreator.figure;
import static j2html.TagCreator.h1;
import static j2html.TagCreator.h2;
import static j2html.TagCreator.head;
import static j2html.TagCreator.html;
import static j2html.TagCreator.iff;
import static j2html.TagCreator.img;
import static j2html.TagCreator.li;
import static j2html.TagCreator.meta;
import static j2html.TagCreator.p;
import static j2html.TagCreator.rawHtml;
import static j2html.TagCreator.strong;
import static j2html.TagCreator.style;
import static j2html.TagCreator.table;
import static j2html.TagCreator.tbody;
import static j2html.TagCreator.text;
import static j2html.TagCreator.td;
import static j2html.TagCreator.th;
import static j2html.TagCreator.thead;
import static j2html.TagCreator.title;
import static j2html.TagCreator.tr;
import static j2html.TagCreator.ul;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.LabFootprintTable;
import io.upgradelab.reports.RollbackWindow;
import io.upgradelab.reports.NextVersionCutOffs;
import io.upgradelab.reports.ReportOpening;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SummaryText;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.gate.GateResult;
import j2html.tags.DomContent;
import j2html.tags.specialized.TableTag;
import j2html.tags.specialized.TrTag;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * A run's report as one self-contained HTML page. It opens with the verdict ({@link OpeningHtml}: the
 * run's facts, the gate's banner and the criteria not met, the worst phase, the before and after), then the
 * per-phase table (and the naming benchmark's operations and the config checks per phase, where the
 * run had any), the charts over time, the events, the failure signs and the nodes that listed more than
 * was registered. Nothing is fetched (no CDN, no script; the
 * charts are SVG in data URIs), so it opens from a CI artifact or a mail attachment; it has styles for
 * print and for a dark colour scheme, and each phase's number links its row and its band in the
 * charts both ways. j2html builds the page and escapes every text node, so a string from the journal
 * is shown, never interpreted; the page's control characters are escaped ({@link ControlCharacters}),
 * so none acts on whoever views or greps it.
 */
public final class HtmlReport {

    private static final String CSS = """
            :root { color-scheme: light dark; }
            body { font-family: system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
            a { color: #1f5fa8; }
            table { border-collapse: collapse; margin: 8px 0 4px; font-size: 13px; }
            th, td { border: 1px solid #ccc; padding: 3px 6px; }
            th { background: #f2f2f2; }
            td.right { text-align: right; } td.center { text-align: center; }
            td.alarm { background: #fde2e1; font-weight: bold; }
            tr:target td { outline: 2px solid #1f5fa8; }
            p.note { font-size: 12px; color: #555; max-width: 1100px; }
            p.warning { background: #fff3cd; padding: 6px; }
            #facts { font-size: 13px; color: #444; margin: -8px 0 12px; }
            #facts span + span::before { content: " · "; color: #999; }
            .verdict { max-width: 1088px; padding: 10px 14px; margin: 0 0 8px; border-radius: 4px; font-size: 18px;
                       color: #fff; }
            .verdict strong { font-size: 22px; margin-right: 10px; letter-spacing: 1px; }
            .verdict.pass { background: #1b7f3b; } .verdict.fail { background: #c62828; }
            .verdict.not-gated { background: #5f6b7a; } .verdict.inconclusive { background: #9a5b00; }
            ul#failing { margin: 4px 0 12px; } ul#failing li { color: #b71c1c; }
            ul#failing li.inconclusive { color: #7a4a00; }
            figure.chart { position: relative; width: 1100px; max-width: 100%; margin: 12px 0; }
            figure.chart img { display: block; width: 100%; box-sizing: border-box; border: 1px solid #eee; }
            figure.chart a.band { position: absolute; }
            figure.chart a.band:hover, figure.chart a.band:target { outline: 2px solid #1f5fa8;
                                                                    background: rgba(31, 95, 168, 0.12); }
            @media (prefers-color-scheme: dark) {
              body { color: #ddd; background: #15171a; }
              a { color: #8ab4f8; }
              th { background: #2a2d31; } th, td { border-color: #44484e; }
              td.alarm { background: #5c1f1f; color: #fff; }
              p.note, #facts { color: #aaa; }
              p.warning { background: #4a3b00; color: #fff; }
              ul#failing li { color: #ff8a80; } ul#failing li.inconclusive { color: #ffcc80; }
              .verdict.pass { background: #1e6b37; } .verdict.fail { background: #a82020; }
              .verdict.inconclusive { background: #8a5200; }
              /* the charts are drawn on white: dimmed and inverted, their hues kept */
              figure.chart img { filter: invert(0.9) hue-rotate(180deg); border-color: #333; }
            }
            @media print {
              body { margin: 0; color: #000; background: #fff; font-size: 11px; }
              a { color: inherit; text-decoration: none; }
              figure.chart a.band { display: none; }
              figure.chart img { filter: none; }
              .verdict, td.alarm, th, p.warning { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
              .verdict, figure, tr, #opening { break-inside: avoid; }
              h1, h2 { break-after: avoid; }
              table { font-size: 10px; }
            }
            """;

    /** The anchors: a phase's row in the phases' table, its band in the first chart. */
    static final String PHASE_ROW = "phase-";
    static final String BAND = "band-";
    private static final String FIRST_CHART = "instances";

    private HtmlReport() {
    }

    /**
     * The page for {@code run}, opening with {@code opening} (the verdict first), with the charts of
     * {@code timeline} (all three read from the same journal).
     */
    public static String render(RunSummary run, ReportOpening opening, RunTimeline unflagged) {
        RunTimeline timeline = unflagged.flagging(run.phases().stream().filter(p -> !p.load().valid())
                .map(PhaseSummary::index).collect(java.util.stream.Collectors.toSet()));
        String heading = SummaryText.headline(run);
        List<List<SummaryText.Cell>> benchmarks = SummaryText.benchmarkRows(run);
        List<List<SummaryText.Cell>> gateway = SummaryText.gatewayRows(run);
        List<String> gatewaySeconds = SummaryText.gatewaySeconds(run);
        List<List<SummaryText.Cell>> stacks = SummaryText.stackRows(run);
        List<String> advice = SummaryText.stackAdvice(run);
        List<List<SummaryText.Cell>> configs = SummaryText.configRows(run);
        List<List<SummaryText.Cell>> footprint = LabFootprintTable.rows(run);
        List<List<SummaryText.Cell>> rollbacks = RollbackWindow.rows(run);
        List<List<SummaryText.Cell>> signals = SummaryText.signalRows(run);
        return ControlCharacters.escape(document(html(
                head(meta().withCharset("utf-8"), meta().withName("color-scheme").withContent("light dark"),
                        title(pageTitle(opening.gate(), heading)), style(rawHtml(CSS))),
                body(
                        h1(heading),
                        OpeningHtml.of(opening),
                        p(run.description()),
                        p(SummaryText.probeSentence(run)).withId("probe"),
                        h2("Phases"),
                        rowTable(SummaryText.COLUMNS, SummaryText.rows(run), "phases"),
                        p(SummaryText.FOOTNOTE).withClass("note"),
                        iff(!benchmarks.isEmpty(), h2("Naming benchmark")),
                        iff(!benchmarks.isEmpty(), rowTable(SummaryText.BENCHMARK_COLUMNS, benchmarks, "benchmarks")),
                        iff(!benchmarks.isEmpty(), p(SummaryText.BENCHMARK_FOOTNOTE).withClass("note")),
                        iff(!gateway.isEmpty(), h2("Gateway benchmark")),
                        iff(!gateway.isEmpty(), rowTable(SummaryText.GATEWAY_COLUMNS, gateway, "gateway-benchmark")),
                        iff(!gatewaySeconds.isEmpty(), ul(each(gatewaySeconds, g -> li(g))).withId("gateway-seconds")),
                        iff(!gateway.isEmpty(), p(SummaryText.GATEWAY_FOOTNOTE).withClass("note")),
                        iff(!stacks.isEmpty(), h2("Consumer stacks")),
                        iff(!stacks.isEmpty(), rowTable(SummaryText.STACK_COLUMNS, stacks, "consumer-stacks")),
                        iff(!advice.isEmpty(), ul(each(advice, a -> li(a))).withId("stack-advice")),
                        iff(!stacks.isEmpty(), p(SummaryText.STACK_FOOTNOTE).withClass("note")),
                        iff(!signals.isEmpty(), h2("Signals")),
                        iff(!signals.isEmpty(), rowTable(SummaryText.SIGNAL_COLUMNS, signals, "signals")),
                        iff(!signals.isEmpty(), p(SummaryText.SIGNAL_FOOTNOTE).withClass("note")),
                        iff(!rollbacks.isEmpty(), h2("Rollback")),
                        iff(!rollbacks.isEmpty(), rowTable(RollbackWindow.COLUMNS, rollbacks, "rollback")),
                        iff(!rollbacks.isEmpty(), p(RollbackWindow.FOOTNOTE).withClass("note")),
                        iff(!configs.isEmpty(), h2("Configs")),
                        iff(!configs.isEmpty(), rowTable(SummaryText.CONFIG_COLUMNS, configs, "configs")),
                        iff(!configs.isEmpty(), p(SummaryText.CONFIG_FOOTNOTE).withClass("note")),
                        iff(!footprint.isEmpty(), h2("The lab's footprint")),
                        iff(!footprint.isEmpty(), rowTable(LabFootprintTable.COLUMNS, footprint, "footprint")),
                        iff(!footprint.isEmpty(), p(LabFootprintTable.FOOTNOTE).withClass("note")),
                        h2("Over time"),
                        p("Shaded bands are the phases, numbered as in the table; a band numbered with ! (in red) is a "
                                + "phase whose load is flagged or not measured (the table's load column); thin lines "
                                + "marked E1, E2, ... are the events listed below. A phase's number in a table links "
                                + "to its band here, and a band links back to its row.").withClass("note"),
                        chart("instances", TimelineCharts.instances(timeline),
                                "Instances per node against the registered count"),
                        chart("cpu", TimelineCharts.cpu(timeline), "CPU per node"),
                        chart("outcomes", TimelineCharts.outcomes(timeline), "Probe rate and calls per second by outcome"),
                        chart("latency", TimelineCharts.latency(timeline), "Probe latency percentiles per second"),
                        iff(!timeline.gateway().isEmpty(), chart("gateway", TimelineCharts.gateway(timeline),
                                "Gateway answers per second under load")),
                        h2("Events"),
                        events(timeline),
                        findings(run),
                        cutOffs(opening),
                        overCounts(run),
                        h2("Nodes per phase"),
                        nodes(run),
                        p("Read from " + run.experiment() + "'s journal"
                                + (run.tornLines() > 0 ? "; " + run.tornLines() + " torn line(s) skipped" : "")
                                + ".").withClass("note")))));
    }

    /** One row per phase (the phases' table or the configs') or per benchmark operation. */
    /** "FAIL · nacos-1x-to-2x-ci: completed in 9m (scale 0.02)": a tab or a list of files says the verdict too. */
    private static String pageTitle(GateResult gate, String heading) {
        return gate.status() == GateResult.Status.NOT_GATED ? heading : gate.word() + " · " + heading;
    }

    /**
     * One row per phase (the phases' table or the configs') or per benchmark operation: the first cell,
     * the phase's number, links to its band in the charts; the phases' rows are what the bands link back to.
     */
    private static TableTag rowTable(List<SummaryText.Column> columns, List<List<SummaryText.Cell>> rows, String id) {
        return table(
                thead(tr(each(columns, column -> th(column.name())))),
                tbody(each(rows, row -> {
                    List<DomContent> cells = new ArrayList<>();
                    for (int i = 0; i < row.size(); i++) {
                        SummaryText.Cell cell = row.get(i);
                        String align = columns.get(i).align().name().toLowerCase(Locale.ROOT);
                        DomContent content = i == 0 ? bandLink(cell.text()) : text(cell.text());
                        cells.add(td(content).withClass(cell.alarming() ? align + " alarm" : align));
                    }
                    TrTag tr = tr(cells.toArray(DomContent[]::new));
                    return "phases".equals(id) ? tr.withId(PHASE_ROW + row.get(0).text()) : tr;
                }))).withId(id);
    }

    /** A phase's number as a link to its band in the first chart. */
    private static DomContent bandLink(String phase) {
        return a(phase).withHref("#" + BAND + phase).withTitle("phase " + phase + " in the charts");
    }

    /**
     * A chart as an image, each phase's band overlaid with a link back to its row; the bands of the first
     * chart are where the rows link to ({@code #band-9}), those of the others are named by their chart.
     */
    private static DomContent chart(String id, TimelineCharts.Chart chart, String what) {
        String uri = "data:image/svg+xml;base64," + Base64.getEncoder().encodeToString(chart.svg()
                .getBytes(StandardCharsets.UTF_8));
        List<DomContent> parts = new ArrayList<>();
        parts.add(img().withSrc(uri).withAlt(what).withClass("chart"));
        for (TimelineCharts.BandArea band : chart.bands()) {
            parts.add(a().withClass("band").withId(BAND + band.phase() + (FIRST_CHART.equals(id) ? "" : "-" + id))
                    .withHref("#" + PHASE_ROW + band.phase()).withTitle("phase " + band.phase() + ": " + band.title())
                    .withStyle(String.format(Locale.ROOT, "left:%.3f%%;top:%.3f%%;width:%.3f%%;height:%.3f%%",
                            100 * band.left(), 100 * band.top(), 100 * band.width(), 100 * band.height())));
        }
        return figure(parts.toArray(DomContent[]::new)).withClass("chart").withId("chart-" + id);
    }

    private static TableTag events(RunTimeline timeline) {
        return table(
                thead(tr(th("event"), th("at (s)"), th("phase"), th("what"))),
                tbody(each(timeline.events(), e -> tr(td("E" + e.number()), td(String.format(Locale.ROOT, "%.1f",
                        e.seconds())).withClass("right"), td(phaseCell(e.phase())).withClass("right"),
                        td(e.what()))))).withId("events");
    }

    /** The run's failure signs and missing providers, with what was watched; nothing for a run that watched neither. */
    private static DomContent findings(RunSummary run) {
        List<String> findings = SummaryText.findings(run);
        return iff(!findings.isEmpty(), div(h2("Failure signs and missing providers"),
                ul(each(findings, f -> li(f)))).withId("findings"));
    }

    /** The run's clients the release after its last servers no longer serves; nothing when none. */
    private static DomContent cutOffs(ReportOpening opening) {
        List<String> cutOffs = NextVersionCutOffs.of(opening.facts());
        return iff(!cutOffs.isEmpty(), div(h2(NextVersionCutOffs.HEADING), ul(each(cutOffs, c -> li(c))))
                .withId("cut-offs"));
    }

    /** The nodes that listed more than was registered, per phase; nothing for a run without one. */
    private static DomContent overCounts(RunSummary run) {
        List<String> found = SummaryText.overCounts(run);
        return iff(!found.isEmpty(), div(h2("Over-counted providers"), ul(each(found, f -> li(f))),
                p(SummaryText.OVER_COUNT_NOTE).withClass("note")).withId("over-counts"));
    }

    private static TableTag nodes(RunSummary run) {
        List<DomContent> rows = new ArrayList<>();
        for (PhaseSummary phase : run.phases()) {
            for (NodeSummary n : phase.nodes()) {
                rows.add(tr(td(bandLink(Integer.toString(phase.index()))).withClass("right"), td(Integer.toString(n.node())),
                        right(n.samples()), right(n.unreachable()), right(n.minInstances()), right(n.maxInstances()),
                        right(SummaryText.number(n.meanInstances())), td(Integer.toString(n.belowSamples()))
                                .withClass(n.belowSamples() > 0 ? "right alarm" : "right"),
                        right(n.drops()), right(n.recoveries()), right(SummaryText.number(n.meanCpuPercent())),
                        right(SummaryText.number(n.p95CpuPercent())), right(SummaryText.number(n.maxCpuPercent())),
                        right(n.maxRssMiB())));
            }
        }
        return table(
                thead(tr(th("#"), th("node"), th("samples"), th("unreachable"), th("min"), th("max"), th("mean"),
                        th("below"), th("drops"), th("recoveries"), th("CPU % mean"), th("p95"), th("max"),
                        th("RSS MiB max"))),
                tbody(rows.toArray(DomContent[]::new))).withId("nodes");
    }

    /** An event's phase: a link to its band, or the number alone during set-up (0) and tear-down (-1), which have none. */
    private static DomContent phaseCell(int phase) {
        return phase >= 1 ? bandLink(Integer.toString(phase)) : text(Integer.toString(phase));
    }

    private static DomContent right(Object value) {
        return td(String.valueOf(value)).withClass("right");
    }
}
