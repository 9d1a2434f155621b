package io.upgradelab.reports.html;

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
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SummaryText;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import j2html.tags.DomContent;
import j2html.tags.specialized.TableTag;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * A run's report as one self-contained HTML page: the per-phase table (and the naming benchmark's
 * operations and the config checks per phase, where the run had any), the charts over time and the
 * events. Nothing is fetched (no CDN, no script; the charts are SVG in data URIs), so it opens from a
 * CI artifact or a mail attachment. j2html builds the page and escapes every text node, so a string
 * from the journal is shown, never interpreted; the page's control characters are escaped
 * ({@link ControlCharacters}), so none acts on whoever views or greps it.
 */
public final class HtmlReport {

    private static final String CSS = """
            body { font-family: system-ui, sans-serif; margin: 24px; color: #222; }
            table { border-collapse: collapse; margin: 8px 0 4px; font-size: 13px; }
            th, td { border: 1px solid #ccc; padding: 3px 6px; }
            th { background: #f2f2f2; }
            td.right { text-align: right; } td.center { text-align: center; }
            td.alarm { background: #fde2e1; font-weight: bold; }
            p.note { font-size: 12px; color: #555; max-width: 1100px; }
            p.warning { background: #fff3cd; padding: 6px; }
            figure { margin: 12px 0; } img.chart { width: 1100px; max-width: 100%; border: 1px solid #eee; }
            """;

    private HtmlReport() {
    }

    /** The page for {@code run}, with the charts of {@code timeline} (both read from the same journal). */
    public static String render(RunSummary run, RunTimeline unflagged) {
        RunTimeline timeline = unflagged.flagging(run.phases().stream().filter(p -> !p.load().valid())
                .map(PhaseSummary::index).collect(java.util.stream.Collectors.toSet()));
        String heading = SummaryText.headline(run);
        List<List<SummaryText.Cell>> benchmarks = SummaryText.benchmarkRows(run);
        List<List<SummaryText.Cell>> configs = SummaryText.configRows(run);
        return ControlCharacters.escape(document(html(
                head(meta().withCharset("utf-8"), title(heading), style(rawHtml(CSS))),
                body(
                        h1(heading),
                        iff(SummaryText.failureSentence(run), f -> p(strong(f)).withClass("warning").withId("failure")),
                        p(run.description()),
                        p(SummaryText.probeSentence(run)).withId("probe"),
                        h2("Phases"),
                        rowTable(SummaryText.COLUMNS, SummaryText.rows(run), "phases"),
                        p(SummaryText.FOOTNOTE).withClass("note"),
                        iff(!benchmarks.isEmpty(), h2("Naming benchmark")),
                        iff(!benchmarks.isEmpty(), rowTable(SummaryText.BENCHMARK_COLUMNS, benchmarks, "benchmarks")),
                        iff(!benchmarks.isEmpty(), p(SummaryText.BENCHMARK_FOOTNOTE).withClass("note")),
                        iff(!configs.isEmpty(), h2("Configs")),
                        iff(!configs.isEmpty(), rowTable(SummaryText.CONFIG_COLUMNS, configs, "configs")),
                        iff(!configs.isEmpty(), p(SummaryText.CONFIG_FOOTNOTE).withClass("note")),
                        h2("Over time"),
                        p("Shaded bands are the phases, numbered as in the table; a band numbered with ! (in red) is a "
                                + "phase whose load is flagged or not measured (the table's load column); thin lines "
                                + "marked E1, E2, ... are the events listed below.").withClass("note"),
                        chart("instances", TimelineCharts.instances(timeline),
                                "Instances per node against the registered count"),
                        chart("cpu", TimelineCharts.cpu(timeline), "CPU per node"),
                        chart("outcomes", TimelineCharts.outcomes(timeline), "Probe rate and calls per second by outcome"),
                        chart("latency", TimelineCharts.latency(timeline), "Probe latency percentiles per second"),
                        h2("Events"),
                        events(timeline),
                        findings(run),
                        h2("Nodes per phase"),
                        nodes(run),
                        p("Read from " + run.experiment() + "'s journal"
                                + (run.tornLines() > 0 ? "; " + run.tornLines() + " torn line(s) skipped" : "")
                                + ".").withClass("note")))));
    }

    /** One row per phase (the phases' table or the configs') or per benchmark operation. */
    private static TableTag rowTable(List<SummaryText.Column> columns, List<List<SummaryText.Cell>> rows, String id) {
        return table(
                thead(tr(each(columns, column -> th(column.name())))),
                tbody(each(rows, row -> {
                    List<DomContent> cells = new ArrayList<>();
                    for (int i = 0; i < row.size(); i++) {
                        SummaryText.Cell cell = row.get(i);
                        String align = columns.get(i).align().name().toLowerCase(Locale.ROOT);
                        cells.add(td(cell.text()).withClass(cell.alarming() ? align + " alarm" : align));
                    }
                    return tr(cells.toArray(DomContent[]::new));
                }))).withId(id);
    }

    private static DomContent chart(String id, String svg, String what) {
        String uri = "data:image/svg+xml;base64," + Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8));
        return figure(img().withSrc(uri).withAlt(what).withClass("chart")).withId("chart-" + id);
    }

    private static TableTag events(RunTimeline timeline) {
        return table(
                thead(tr(th("event"), th("at (s)"), th("phase"), th("what"))),
                tbody(each(timeline.events(), e -> tr(td("E" + e.number()), td(String.format(Locale.ROOT, "%.1f",
                        e.seconds())).withClass("right"), td(Integer.toString(e.phase())).withClass("right"),
                        td(e.what()))))).withId("events");
    }

    /** The run's failure signs and missing providers, with what was watched; nothing for a run that watched neither. */
    private static DomContent findings(RunSummary run) {
        List<String> findings = SummaryText.findings(run);
        return iff(!findings.isEmpty(), div(h2("Failure signs and missing providers"),
                ul(each(findings, f -> li(f)))).withId("findings"));
    }

    private static TableTag nodes(RunSummary run) {
        List<DomContent> rows = new ArrayList<>();
        for (PhaseSummary phase : run.phases()) {
            for (NodeSummary n : phase.nodes()) {
                rows.add(tr(td(Integer.toString(phase.index())).withClass("right"), td(Integer.toString(n.node())),
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

    private static DomContent right(Object value) {
        return td(String.valueOf(value)).withClass("right");
    }
}
