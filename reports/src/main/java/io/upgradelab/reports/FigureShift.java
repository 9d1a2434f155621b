package io.upgradelab.reports;

import io.upgradelab.reports.html.RunTimeline;
import io.upgradelab.reports.html.RunTimeline.PhaseBand;
import io.upgradelab.reports.html.RunTimeline.Point;
import io.upgradelab.reports.html.RunTimeline.Series;
import io.upgradelab.reports.stats.LocationShift;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One figure of one paired phase, judged from its samples rather than from one number per run: the
 * probe's p99 and success per second, each node's CPU and listed instances per sample. Two runs of
 * one experiment never give the same mean, so a change counts only when the samples show it
 * ({@link LocationShift#shown()}: its interval leaves out 0) and it is larger than the figure's minimum effect,
 * as Kayenta judges a canary. A figure with too few samples on a side is {@link Judgement#THIN}, never
 * "same".
 *
 * @param phase     the phase's number
 * @param title     the phase's title (the after run's)
 * @param figure    what was compared, e.g. "probe p99 ms", "CPU node 2 %"
 * @param family    the figure's family, as a policy names it ({@link #FAMILIES}): "p99", "success", "cpu", "instances"
 * @param worseWhen "higher" or "lower": the direction that is a regression
 * @param minEffect the smallest change that counts, in the figure's unit (from the before median)
 * @param before    how many finite before samples the phase had
 * @param after     how many finite after samples
 * @param shift     after - before with its interval; null when {@link Judgement#THIN}
 */
public record FigureShift(int phase, String title, String figure, String family, String worseWhen, double minEffect,
                          int before, int after, LocationShift shift, Judgement judgement) {

    /** The interval's confidence. */
    public static final double CONFIDENCE = 0.95;

    /**
     * The figures' families, as a {@code baseline} criterion's {@code figures} names them: the probe's p99, its
     * success %, each node's CPU, each node's listed instances.
     */
    public static final List<String> FAMILIES = List.of("p99", "success", "cpu", "instances");

    /** What the samples say of a figure. */
    public enum Judgement {
        /** It moved the wrong way, beyond its minimum effect. */
        WORSE,
        /** It moved the right way, beyond its minimum effect. */
        BETTER,
        /** No shift the samples show, or one smaller than the minimum effect. */
        SAME,
        /** Too few samples on a side to say. */
        THIN;

        /** How the reports and JSON write it: "worse", "thin". */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A figure as the timeline holds it, with its direction and its minimum effect. */
    private record Figure(String name, String family, boolean higherIsWorse, double relative, double absolute,
                          Function<RunTimeline, Map<String, List<Point>>> series) {

        double minEffect(double beforeMedian) {
            return Math.max(absolute, relative * Math.abs(beforeMedian));
        }
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("probe p99 ms", "p99", true, 0.25, 1, t -> named(t.latency(), "p99")),
            new Figure("probe success %", "success", false, 0, 1, FigureShift::successPercent),
            new Figure("CPU %", "cpu", true, 0.25, 5, t -> perNode(t.cpu())),
            new Figure("instances", "instances", false, 0.01, 1, t -> perNode(t.instances())));

    /** Every figure of every phase paired in {@code comparison}, in phase order. */
    public static List<FigureShift> of(RunComparison comparison, RunTimeline before, RunTimeline after) {
        List<FigureShift> shifts = new ArrayList<>();
        for (RunComparison.Pair pair : comparison.pairs()) {
            Optional<PhaseBand> b = band(before, pair.before().index());
            Optional<PhaseBand> a = band(after, pair.after().index());
            if (b.isEmpty() || a.isEmpty()) {
                continue;
            }
            for (Figure figure : FIGURES) {
                Map<String, List<Point>> beforeSeries = figure.series().apply(before);
                Map<String, List<Point>> afterSeries = figure.series().apply(after);
                for (String name : beforeSeries.keySet()) {
                    if (afterSeries.containsKey(name)) {
                        shifts.add(judge(pair.after(), figure, name, within(beforeSeries.get(name), b.get()),
                                within(afterSeries.get(name), a.get())));
                    }
                }
            }
        }
        return List.copyOf(shifts);
    }

    private static FigureShift judge(RunSummary.PhaseSummary phase, Figure figure, String name, double[] before,
                                     double[] after) {
        String label = name.isEmpty() ? figure.name() : figure.name().replace(" %", "") + " " + name
                + (figure.name().endsWith(" %") ? " %" : "");
        double minEffect = figure.minEffect(LocationShift.median(before));
        String worseWhen = figure.higherIsWorse() ? "higher" : "lower";
        Optional<LocationShift> shift = LocationShift.of(before, after, CONFIDENCE);
        if (shift.isEmpty()) {
            return new FigureShift(phase.index(), phase.title(), label, figure.family(), worseWhen, minEffect,
                    before.length, after.length, null, Judgement.THIN);
        }
        LocationShift s = shift.get();
        Judgement judgement = !s.shown() || Math.abs(s.estimate()) < minEffect ? Judgement.SAME
                : (s.estimate() > 0) == figure.higherIsWorse() ? Judgement.WORSE : Judgement.BETTER;
        return new FigureShift(phase.index(), phase.title(), label, figure.family(), worseWhen, minEffect,
                before.length, after.length, s, judgement);
    }

    private static Optional<PhaseBand> band(RunTimeline timeline, int index) {
        return timeline.phases().stream().filter(p -> p.index() == index).findFirst();
    }

    private static double[] within(List<Point> points, PhaseBand band) {
        return points.stream().filter(p -> p.seconds() >= band.from() && p.seconds() <= band.to())
                .mapToDouble(Point::value).filter(Double::isFinite).toArray();
    }

    private static Map<String, List<Point>> named(List<Series> series, String name) {
        Map<String, List<Point>> found = new TreeMap<>();
        series.stream().filter(s -> s.name().equals(name)).findFirst().ifPresent(s -> found.put("", s.points()));
        return found;
    }

    /** Each node's series ("node 1", ...), without the registered count the instances chart adds. */
    private static Map<String, List<Point>> perNode(List<Series> series) {
        Map<String, List<Point>> byNode = new TreeMap<>();
        series.stream().filter(s -> s.name().startsWith("node ")).forEach(s -> byNode.put(s.name(), s.points()));
        return byNode;
    }

    /** The probe's success per second, in % of the calls it scheduled that second. */
    private static Map<String, List<Point>> successPercent(RunTimeline timeline) {
        List<Point> scheduled = named(timeline.outcomes(), "scheduled").getOrDefault("", List.of());
        List<Point> success = named(timeline.outcomes(), "success").getOrDefault("", List.of());
        List<Point> percent = new ArrayList<>();
        for (int i = 0; i < Math.min(scheduled.size(), success.size()); i++) {
            double calls = scheduled.get(i).value();
            if (calls > 0) {
                percent.add(new Point(scheduled.get(i).seconds(), 100 * success.get(i).value() / calls));
            }
        }
        return percent.isEmpty() ? Map.of() : Map.of("", percent);
    }
}
