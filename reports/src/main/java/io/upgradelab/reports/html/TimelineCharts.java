package io.upgradelab.reports.html;

import io.upgradelab.reports.html.RunTimeline.Event;
import io.upgradelab.reports.html.RunTimeline.PhaseBand;
import io.upgradelab.reports.html.RunTimeline.Point;
import io.upgradelab.reports.html.RunTimeline.Series;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The report's charts, drawn by JFreeChart into SVG (JFreeSVG): vector images with no script, so
 * the page works offline and from a file. Every chart shares the run's time axis, its phases as
 * numbered bands and its events as numbered marks, so one glance lines up cause and effect.
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

    private TimelineCharts() {
    }

    /** Instances per node against the registered count (dashed): a node below it has lost instances. */
    public static String instances(RunTimeline timeline) {
        JFreeChart chart = chart("Instances per node against the registered count", "instances",
                timeline.instances(), timeline, false);
        dashExpected(chart.getXYPlot());
        return svg(chart);
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
    public static String cpu(RunTimeline timeline) {
        return svg(chart("CPU per node", "% of one core", timeline.cpu(), timeline, false));
    }

    /**
     * The probe's calls per second: scheduled (its rate, which an open model keeps whatever answers)
     * and each outcome; anything but success is what users would feel.
     */
    public static String outcomes(RunTimeline timeline) {
        return svg(chart("Probe rate and calls per second by outcome", "calls/s", timeline.outcomes(), timeline, false));
    }

    /** The probe's latency percentiles per second, from each call's intended start, on a log scale. */
    public static String latency(RunTimeline timeline) {
        return svg(chart("Probe latency per second (from the intended start)", "ms (log scale)",
                timeline.latency(), timeline, true));
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

    /** Phases as alternating bands numbered at the top; events as thin lines numbered at the bottom. */
    private static void mark(XYPlot plot, RunTimeline timeline) {
        for (PhaseBand phase : timeline.phases()) {
            IntervalMarker band = new IntervalMarker(phase.from(), phase.to(),
                    phase.loadFlagged() ? FLAGGED_BAND : BANDS[phase.index() % 2]);
            band.setLabel(phase.index() + (phase.loadFlagged() ? "!" : ""));
            band.setLabelFont(SMALL);
            band.setLabelAnchor(RectangleAnchor.TOP);
            band.setLabelTextAnchor(TextAnchor.TOP_CENTER);
            plot.addDomainMarker(band, Layer.BACKGROUND);
        }
        for (Event event : timeline.events()) {
            ValueMarker mark = new ValueMarker(event.seconds(), EVENT, new BasicStroke(0.8f));
            mark.setLabel("E" + event.number());
            mark.setLabelFont(SMALL);
            mark.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
            mark.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addDomainMarker(mark, Layer.FOREGROUND);
        }
    }

    private static String svg(JFreeChart chart) {
        return svg(chart, HEIGHT);
    }

    /** {@code chart} as an SVG document, {@link #WIDTH} wide and {@code height} high. */
    static String svg(JFreeChart chart, int height) {
        SVGGraphics2D graphics = new SVGGraphics2D(WIDTH, height);
        // to a tenth of a pixel: a third of the file, nothing visible lost
        graphics.setGeomDoubleConverter(v -> Double.toString(Math.round(v * 10) / 10.0));
        chart.draw(graphics, new Rectangle(0, 0, WIDTH, height));
        return graphics.getSVGDocument();
    }
}
