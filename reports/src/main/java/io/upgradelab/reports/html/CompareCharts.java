package io.upgradelab.reports.html;

import io.upgradelab.reports.html.RunTimeline.PhaseBand;
import io.upgradelab.reports.html.RunTimeline.Point;
import io.upgradelab.reports.html.RunTimeline.Series;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;

/**
 * Two runs' charts for {@code compare}: in each, the before run above and the after run below on
 * one time axis, seconds since each run started, and one value scale, so a phase that took longer
 * or a node that lost instances in one run only shows at a glance. Each run keeps its own phase
 * bands and event marks, and a series (a node, an outcome) has one colour in both. The plots are the
 * run report's own ({@link TimelineCharts}), so the two pages never draw a run differently.
 */
public final class CompareCharts {

    /** The label of the time axis the two runs share. */
    public static final String AXIS = "seconds since each run started";
    /** The run above, then the run below, as their plots' value axes name them. */
    public static final List<String> RUNS = List.of("before", "after");
    static final int HEIGHT = 560;
    private static final double GAP = 14;
    private static final Font RUN_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 12);

    private CompareCharts() {
    }

    /** Instances per node against the registered count (dashed), in both runs. */
    public static String instances(RunTimeline before, RunTimeline after) {
        return draw("Instances per node against the registered count", "instances", RunTimeline::instances,
                before, after, false, true);
    }

    /** Each node's CPU in % of one core, in both runs. */
    public static String cpu(RunTimeline before, RunTimeline after) {
        return draw("CPU per node", "% of one core", RunTimeline::cpu, before, after, false, false);
    }

    /** The probe's rate and calls per second by outcome, in both runs. */
    public static String outcomes(RunTimeline before, RunTimeline after) {
        return draw("Probe rate and calls per second by outcome", "calls/s", RunTimeline::outcomes, before, after,
                false, false);
    }

    /** The probe's latency percentiles per second (log scale), in both runs. */
    public static String latency(RunTimeline before, RunTimeline after) {
        return draw("Probe latency per second (from the intended start)", "ms (log)", RunTimeline::latency, before,
                after, true, false);
    }

    private static String draw(String title, String unit, Function<RunTimeline, List<Series>> series,
                               RunTimeline before, RunTimeline after, boolean logScale, boolean registered) {
        List<XYPlot> plots = List.of(plot(RUNS.get(0), unit, series.apply(before), before, logScale),
                plot(RUNS.get(1), unit, series.apply(after), after, logScale));
        if (registered) {   // the registered count: the last series, dashed
            plots.forEach(TimelineCharts::dashExpected);
        }
        colour(plots);
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(new NumberAxis(AXIS));
        combined.setGap(GAP);
        combined.setFixedLegendItems(legend(plots));   // a series named once, though both runs have it
        plots.forEach(plot -> combined.add(plot, 1));
        combined.getDomainAxis().setRange(0, Math.max(1, Math.max(end(before), end(after))));
        Range both = null;   // one value scale too, so the higher line is the larger value
        for (XYPlot plot : plots) {
            if (DatasetUtils.findRangeBounds(plot.getDataset()) != null) {   // a run without values keeps no say
                both = Range.combine(both, plot.getRangeAxis().getRange());
            }
        }
        if (both != null) {
            Range shared = both;
            plots.forEach(plot -> plot.getRangeAxis().setRange(shared));
        }
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, combined, true);
        chart.setBackgroundPaint(Color.WHITE);
        return TimelineCharts.draw(chart, HEIGHT, List.of(before, after)).svg();
    }

    /** One run's plot as the report draws it, its value axis naming the run. */
    private static XYPlot plot(String run, String unit, List<Series> series, RunTimeline timeline, boolean logScale) {
        XYPlot plot = TimelineCharts.chart("", unit, series, timeline, logScale).getXYPlot();
        plot.getRangeAxis().setLabel(run + ": " + unit);
        TextTitle name = new TextTitle(run, RUN_FONT);   // upright, where the eye starts: the axis label is turned
        name.setBackgroundPaint(new Color(255, 255, 255, 210));
        plot.addAnnotation(new XYTitleAnnotation(0.0, 1.0, name, RectangleAnchor.TOP_LEFT));
        return plot;
    }

    /**
     * The series no fixed colour is set for (the nodes) coloured by name, in JFreeChart's order of
     * first appearance, so node 2 is one colour in both runs and the colour it has in the run report.
     */
    private static void colour(List<XYPlot> plots) {
        Paint[] sequence = DefaultDrawingSupplier.DEFAULT_PAINT_SEQUENCE;
        Map<Comparable<?>, Paint> colours = new HashMap<>();
        for (XYPlot plot : plots) {
            XYItemRenderer renderer = plot.getRenderer();
            for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
                if (renderer.getSeriesPaint(i) == null) {
                    Comparable<?> name = plot.getDataset().getSeriesKey(i);
                    Paint paint = colours.computeIfAbsent(name, k -> sequence[colours.size() % sequence.length]);
                    renderer.setSeriesPaint(i, paint);
                }
            }
        }
    }

    private static LegendItemCollection legend(List<XYPlot> plots) {
        LegendItemCollection legend = new LegendItemCollection();
        Set<String> named = new HashSet<>();
        for (XYPlot plot : plots) {
            LegendItemCollection items = plot.getLegendItems();
            for (int i = 0; i < items.getItemCount(); i++) {
                LegendItem item = items.get(i);
                if (named.add(item.getLabel())) {
                    legend.add(item);
                }
            }
        }
        return legend;
    }

    /** The last second {@code timeline} has anything at: its last phase's end or its last point. */
    private static double end(RunTimeline timeline) {
        Stream<Double> phases = timeline.phases().stream().map(PhaseBand::to);
        Stream<Double> points = Stream.of(timeline.instances(), timeline.cpu(), timeline.outcomes(), timeline.latency())
                .flatMap(List::stream).flatMap(s -> s.points().stream()).map(Point::seconds);
        return Stream.concat(phases, points).mapToDouble(Double::doubleValue).max().orElse(0);
    }
}
