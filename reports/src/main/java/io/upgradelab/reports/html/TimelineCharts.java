package io.upgradelab.reports.html;

import io.upgradelab.reports.html.RunTimeline.Event;
import io.upgradelab.reports.html.RunTimeline.PhaseBand;
import io.upgradelab.reports.html.RunTimeline.Point;
import io.upgradelab.reports.html.RunTimeline.Series;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The report's charts, drawn by JFreeChart into SVG (JFreeSVG): vector images with no script, so
 * the page works offline and from a file. Every chart shares the run's time axis, its phases as
 * numbered bands and its events as numbered marks, so one glance lines up cause and effect. The
 * numbers are laid out in lanes so none hides another, and each band's place is returned so the
 * page can link a table row to it.
 */
public final class TimelineCharts {

    static final int WIDTH = 1100;
    static final int HEIGHT = 320;
    private static final Color[] BANDS = {new Color(0x1f, 0x77, 0xb4, 22), new Color(0xff, 0x7f, 0x0e, 22)};
    /** A phase whose load is flagged: its figures measured the machine, so it stands out in red. */
    private static final Color FLAGGED_BAND = new Color(0xd6, 0x27, 0x28, 30);
    private static final Color EVENT = new Color(0x55, 0x55, 0x55, 160);
    /** Series drawn in the same colour wherever they appear; the rest (the nodes) take JFreeChart's own. */
    private static final Map<String, Color> COLOURS = Map.ofEntries(Map.entry("scheduled", Color.BLACK),
            Map.entry("success", new Color(0x2c, 0xa0, 0x2c)),
            Map.entry("no provider", new Color(0xd6, 0x27, 0x28)), Map.entry("timeout", new Color(0xff, 0x7f, 0x0e)),
            Map.entry("network", new Color(0x94, 0x67, 0xbd)), Map.entry("other", new Color(0x7f, 0x7f, 0x7f)),
            Map.entry("p50", new Color(0x1f, 0x77, 0xb4)), Map.entry("p90", new Color(0x17, 0xbe, 0xcf)),
            Map.entry("p99", new Color(0xff, 0x7f, 0x0e)), Map.entry("max", new Color(0xd6, 0x27, 0x28)));
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 9);
    private static final Color LABEL_TEXT = new Color(0x33, 0x33, 0x33);
    private static final Color LABEL_BACKING = new Color(255, 255, 255, 200);
    /** Pixels kept between two labels in one lane. */
    private static final double LABEL_GAP = 3;

    private TimelineCharts() {
    }

    /** A chart as the page shows it: its SVG, where each phase's band lies, and where each label was drawn. */
    public record Chart(String svg, List<BandArea> bands, List<Label> labels) {
    }

    /**
     * A phase's band over the plot, in fractions of the image's width and height (0 to 1), so the page
     * lays a link over it that scales with the image.
     */
    public record BandArea(int phase, String title, double left, double top, double width, double height) {
    }

    /** A label drawn on a chart, and its box in pixels: an event's ("E3", at the bottom) or a phase's ("9", at the top). */
    public record Label(String text, boolean event, double x, double y, double width, double height) {

        boolean overlaps(Label other) {
            return x < other.x + other.width && other.x < x + width && y < other.y + other.height
                    && other.y < y + height;
        }
    }

    /** Instances per node against the registered count (dashed): a node below it has lost instances. */
    public static Chart instances(RunTimeline timeline) {
        JFreeChart chart = chart("Instances per node against the registered count", "instances",
                timeline.instances(), timeline, false);
        dashExpected(chart.getXYPlot());
        return draw(chart, timeline);
    }

    /** The registered count, the last series of an instances plot ({@link RunTimeline#instances}): black, dashed. */
    static void dashExpected(XYPlot plot) {
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        int expected = plot.getDataset().getSeriesCount() - 1;
        renderer.setSeriesPaint(expected, Color.BLACK);
        renderer.setSeriesStroke(expected, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {6f, 4f}, 0f));
    }

    /** Each node's CPU in % of one core. */
    public static Chart cpu(RunTimeline timeline) {
        return draw(chart("CPU per node", "% of one core", timeline.cpu(), timeline, false), timeline);
    }

    /**
     * The probe's calls per second: scheduled (its rate, which an open model keeps whatever answers)
     * and each outcome; anything but success is what users would feel.
     */
    public static Chart outcomes(RunTimeline timeline) {
        return draw(chart("Probe rate and calls per second by outcome", "calls/s", timeline.outcomes(), timeline,
                false), timeline);
    }

    /** The probe's latency percentiles per second, from each call's intended start, on a log scale. */
    public static Chart latency(RunTimeline timeline) {
        return draw(chart("Probe latency per second (from the intended start)", "ms (log scale)",
                timeline.latency(), timeline, true), timeline);
    }

    /**
     * wrk's answers per second through a gateway while a phase ran under it, and those not 2xx/3xx: the gateway's
     * series, as the probe's outcomes are the Dubbo consumer's.
     */
    public static Chart gateway(RunTimeline timeline) {
        return draw(chart("Gateway answers per second under load (wrk)", "answers/s", timeline.gateway(), timeline,
                false), timeline);
    }

    /** A chart of {@code series} over {@code timeline}'s phases and events, styled as every chart of the lab. */
    static JFreeChart chart(String title, String unit, List<Series> series, RunTimeline timeline,
                            boolean logScale) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Series s : series) {
            XYSeries xy = new XYSeries(s.name(), false, true);
            for (Point p : s.points()) {
                boolean gap = Double.isNaN(p.value()) || logScale && p.value() <= 0;
                xy.add(p.seconds(), gap ? null : (Double) p.value());   // null: the renderer breaks the line
            }
            data.addSeries(xy);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "seconds since the run started", unit, data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);   // later series on top: errors over successes
        plot.setDomainGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        plot.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        if (logScale) {
            LogarithmicAxis axis = new LogarithmicAxis(unit);
            axis.setStrictValuesFlag(false);   // a second with nothing to show is a gap, not an error
            plot.setRangeAxis(axis);
        } else {
            ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
        }
        plot.getRenderer().setDefaultStroke(new BasicStroke(1.2f));
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        renderer.setAutoPopulateSeriesStroke(false);
        renderer.setDrawSeriesLineAsPath(true);   // one SVG path a series, not an element a segment
        for (int i = 0; i < series.size(); i++) {
            Color colour = COLOURS.get(series.get(i).name());
            if (colour != null) {
                renderer.setSeriesPaint(i, colour);
            }
        }
        mark(plot, timeline);
        return chart;
    }

    /** Phases as alternating bands, events as thin lines; their numbers are drawn once the plot is laid out ({@link #label}). */
    private static void mark(XYPlot plot, RunTimeline timeline) {
        for (PhaseBand phase : timeline.phases()) {
            plot.addDomainMarker(new IntervalMarker(phase.from(), phase.to(),
                    phase.loadFlagged() ? FLAGGED_BAND : BANDS[phase.index() % 2]), Layer.BACKGROUND);
        }
        for (Event event : timeline.events()) {
            plot.addDomainMarker(new ValueMarker(event.seconds(), EVENT, new BasicStroke(0.8f)), Layer.FOREGROUND);
        }
    }

    /** The chart drawn into SVG, with the phases' and events' labels laid out where it put its plot. */
    private static Chart draw(JFreeChart chart, RunTimeline timeline) {
        return draw(chart, HEIGHT, List.of(timeline));
    }

    /**
     * {@code chart} drawn into SVG, {@link #WIDTH} wide and {@code height} high, with each timeline's
     * phase and event labels laid out over its plot: the chart's one plot, or the subplots of a
     * combined one in order ({@link CompareCharts}).
     */
    static Chart draw(JFreeChart chart, int height, List<RunTimeline> timelines) {
        SVGGraphics2D graphics = new SVGGraphics2D(WIDTH, height);
        // clip paths named the same each time (JFreeSVG's default prefix is the clock's): the same journal
        // renders the same page, so committed evidence judged again changes only where its judgement does;
        // each chart is an image of its own, so its names need not differ from another chart's
        graphics.setDefsKeyPrefix("chart");
        // to a tenth of a pixel: a third of the file, nothing visible lost
        graphics.setGeomDoubleConverter(v -> Double.toString(Math.round(v * 10) / 10.0));
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(graphics, new Rectangle(0, 0, WIDTH, height), info);
        List<Label> labels = new ArrayList<>();
        List<BandArea> bands = new ArrayList<>();
        List<Plotted> plots = plotted(chart.getXYPlot(), info.getPlotInfo(), height);
        for (int i = 0; i < timelines.size(); i++) {
            Plotted plotted = plots.get(i);
            RunTimeline timeline = timelines.get(i);
            labels.addAll(label(graphics, plotted, phaseLabels(timeline, plotted), false));
            labels.addAll(label(graphics, plotted, eventLabels(timeline, plotted), true));
            timeline.phases().forEach(p -> bands.add(plotted.band(p)));
        }
        return new Chart(graphics.getSVGDocument(), List.copyOf(bands), List.copyOf(labels));
    }

    /** The plot and where its data went, or for a combined plot each subplot's. */
    private static List<Plotted> plotted(XYPlot plot, PlotRenderingInfo info, int height) {
        if (plot instanceof CombinedDomainXYPlot combined) {
            List<Plotted> subplots = new ArrayList<>();
            for (int i = 0; i < combined.getSubplots().size(); i++) {
                subplots.add(new Plotted(combined.getSubplots().get(i), info.getSubplotInfo(i).getDataArea(), height));
            }
            return subplots;
        }
        return List.of(new Plotted(plot, info.getDataArea(), height));
    }

    /** Where the plot's data went, to place things by their seconds. */
    private record Plotted(XYPlot plot, Rectangle2D area, int height) {

        /** The x of {@code seconds}, kept within the plot. */
        double x(double seconds) {
            double x = plot.getDomainAxis().valueToJava2D(seconds, area, plot.getDomainAxisEdge());
            return Math.max(area.getMinX(), Math.min(area.getMaxX(), x));
        }

        BandArea band(PhaseBand phase) {
            double from = x(phase.from());
            double to = x(phase.to());
            return new BandArea(phase.index(), phase.title(), from / WIDTH, area.getMinY() / height,
                    (to - from) / WIDTH, area.getHeight() / height);
        }
    }

    /** A label to place: its text, centred on x or starting at it. */
    private record Placing(String text, double x, boolean centred) {
    }

    /** Each phase's number, centred over its band. */
    private static List<Placing> phaseLabels(RunTimeline timeline, Plotted plotted) {
        return timeline.phases().stream().map(p -> new Placing(p.index() + (p.loadFlagged() ? "!" : ""),
                (plotted.x(p.from()) + plotted.x(p.to())) / 2, true)).toList();
    }

    /** Each event's number, just right of its line. */
    private static List<Placing> eventLabels(RunTimeline timeline, Plotted plotted) {
        return timeline.events().stream().map(e -> new Placing("E" + e.number(), plotted.x(e.seconds()) + 2, false))
                .toList();
    }

    /**
     * Draws {@code placings} in lanes so that none overlaps another ({@link LabelLanes}): the phases'
     * from the plot's top down, the events' from its bottom up, each on a light backing so a line
     * under it does not hide it.
     */
    private static List<Label> label(SVGGraphics2D graphics, Plotted plotted, List<Placing> placings, boolean events) {
        graphics.setFont(SMALL);
        FontMetrics metrics = graphics.getFontMetrics();
        double height = metrics.getAscent() + metrics.getDescent();
        List<Placing> ordered = new ArrayList<>(placings);
        ordered.sort(Comparator.comparingDouble(p -> left(p, metrics)));
        List<Integer> lanes = LabelLanes.assign(ordered.stream().map(p -> new LabelLanes.Span(left(p, metrics),
                left(p, metrics) + metrics.stringWidth(p.text()))).toList(), LABEL_GAP);
        List<Label> drawn = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            Placing p = ordered.get(i);
            double top = events ? plotted.area().getMaxY() - 1 - (lanes.get(i) + 1) * (height + 1)
                    : plotted.area().getMinY() + 1 + lanes.get(i) * (height + 1);
            Label label = new Label(p.text(), events, left(p, metrics), top, metrics.stringWidth(p.text()), height);
            graphics.setPaint(LABEL_BACKING);
            graphics.fill(new Rectangle2D.Double(label.x() - 1, label.y(), label.width() + 2, label.height()));
            graphics.setPaint(LABEL_TEXT);
            graphics.drawString(p.text(), (float) label.x(), (float) (label.y() + metrics.getAscent()));
            drawn.add(label);
        }
        return drawn;
    }

    private static double left(Placing p, FontMetrics metrics) {
        return p.centred() ? p.x() - metrics.stringWidth(p.text()) / 2.0 : p.x();
    }
}
