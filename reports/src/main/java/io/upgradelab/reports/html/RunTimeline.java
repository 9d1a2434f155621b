package io.upgradelab.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.GatewaySecond;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeResourcesSample;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.reports.JournalFile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A run over time, as the report's charts draw it: series of seconds since the run started, the
 * phases as bands and the upgrade and fault events as marks. Read from the journal alone, the way
 * {@link io.upgradelab.reports.RunSummaries} reads it, so the charts and the tables agree.
 *
 * @param instances per node, the instances it listed; last, "expected": what the fleet and the
 *                  demo providers had registered
 * @param cpu       per node, its CPU in % of one core
 * @param outcomes  the probe's calls per second: scheduled (its rate), then by outcome
 * @param latency   the probe's latency percentiles per second, in ms from the intended start
 * @param gateway   wrk's answers per second through a gateway while a phase ran under it, and those not 2xx/3xx;
 *                  empty without such a run
 */
public record RunTimeline(List<PhaseBand> phases, List<Event> events, List<Series> instances, List<Series> cpu,
                          List<Series> outcomes, List<Series> latency, List<Series> gateway) {

    /** A timeline without a gateway's seconds. */
    public RunTimeline(List<PhaseBand> phases, List<Event> events, List<Series> instances, List<Series> cpu,
                       List<Series> outcomes, List<Series> latency) {
        this(phases, events, instances, cpu, outcomes, latency, List.of());
    }

    /** The series name of the registered count among {@link #instances}. */
    public static final String EXPECTED = "expected";

    /** One value at a time, in seconds since the run started; NaN where there was none (a gap). */
    public record Point(double seconds, double value) {
    }

    /** A named line of a chart. */
    public record Series(String name, List<Point> points) {
    }

    /**
     * A phase from its start to its end (the journal's last line for a phase a kill cut short).
     *
     * @param loadFlagged its figures measured the machine rather than Nacos ({@link io.upgradelab.reports.LoadValidity})
     */
    public record PhaseBand(int index, String title, double from, double to, boolean loadFlagged) {
    }

    /** This timeline with the phases numbered in {@code flagged} marked as flagged for their load. */
    public RunTimeline flagging(java.util.Set<Integer> flagged) {
        List<PhaseBand> bands = phases.stream().map(b -> new PhaseBand(b.index(), b.title(), b.from(), b.to(),
                flagged.contains(b.index()))).toList();
        return new RunTimeline(bands, events, instances, cpu, outcomes, latency, gateway);
    }

    /**
     * Something done to the system under test: an upgrade step, a client batch, a fault.
     *
     * @param number its place among the run's events, as the charts mark it
     */
    public record Event(int number, double seconds, int phase, String what) {
    }

    /** The timeline of {@code journal}. */
    public static RunTimeline of(JournalFile journal) {
        Instant start = journal.lines(RunStarted.class).get(0).time();
        List<ProbeLine> probe = journal.bodies(ProbeLine.class);   // read once, for both charts
        return new RunTimeline(phases(journal), events(journal), instances(journal), cpu(journal),
                probe(probe, start, RunTimeline::outcomesOf), probe(probe, start, RunTimeline::latencyOf),
                gateway(journal.lines(GatewaySecond.class), start));
    }

    /** Per run through a phase, its answers and its answers not 2xx/3xx, each second placed by when it ended. */
    private static List<Series> gateway(List<Line<GatewaySecond>> seconds, Instant start) {
        Map<String, List<Point>> series = new LinkedHashMap<>();
        for (Line<GatewaySecond> line : seconds) {
            GatewaySecond second = line.body();
            String run = "phase " + line.phase() + " at " + second.concurrency();
            double at = Duration.between(start, second.time()).toMillis() / 1000.0;
            series.computeIfAbsent(run + ": answers", k -> new ArrayList<>()).add(new Point(at, second.responses()));
            series.computeIfAbsent(run + ": not 2xx/3xx", k -> new ArrayList<>()).add(new Point(at, second.non2xx()));
        }
        return List.copyOf(named(series));
    }

    private static List<PhaseBand> phases(JournalFile journal) {
        double last = journal.lines().get(journal.lines().size() - 1).path("elapsed").asDouble();
        Map<Integer, Double> ends = new TreeMap<>();
        journal.lines(PhaseEnded.class).forEach(l -> ends.put(l.body().index(), l.elapsed()));
        List<PhaseBand> bands = new ArrayList<>();
        for (Line<PhaseStarted> begin : journal.lines(PhaseStarted.class)) {
            int index = begin.body().index();
            bands.add(new PhaseBand(index, begin.body().title(), begin.elapsed(), ends.getOrDefault(index, last), false));
        }
        return List.copyOf(bands);
    }

    private static List<Event> events(JournalFile journal) {
        List<Event> events = new ArrayList<>();
        for (JsonNode line : journal.lines()) {
            String what = EventWording.of(line);
            if (what != null) {
                events.add(new Event(events.size() + 1, line.path("elapsed").asDouble(), line.path("phase").asInt(),
                        what));
            }
        }
        return List.copyOf(events);
    }

    private static List<Series> instances(JournalFile journal) {
        Map<String, List<Point>> byNode = perNode(journal.lines(NodeCountsSample.class), sample -> {
            Map<Integer, Double> values = new TreeMap<>();
            sample.nodes().forEach(n -> values.put(n.node(), n.reachable() ? n.instances() : Double.NaN));
            return values;
        });
        List<Point> expected = new ArrayList<>();
        for (Line<FleetSample> sample : journal.lines(FleetSample.class)) {
            if (sample.body().answered()) {
                expected.add(new Point(sample.elapsed(),
                        sample.body().fleet().totalProviders() + sample.body().demoProvidersAlive()));
            }
        }
        List<Series> series = named(byNode);
        series.add(new Series(EXPECTED, List.copyOf(expected)));
        return List.copyOf(series);
    }

    private static List<Series> cpu(JournalFile journal) {
        return List.copyOf(named(perNode(journal.lines(NodeResourcesSample.class), sample -> {
            Map<Integer, Double> values = new TreeMap<>();
            sample.nodes().forEach(n -> values.put(n.node(), n.cpuPercent()));
            return values;
        })));
    }

    /**
     * "node N" to its values ({@code values}: node to value); where a node was unreachable (NaN) or
     * missing from a sample its value is {@link Double#NaN}, so its line breaks there rather than
     * bridging the gap.
     */
    private static <T> Map<String, List<Point>> perNode(List<Line<T>> samples,
                                                        Function<T, Map<Integer, Double>> values) {
        Map<Integer, List<Point>> byNode = new TreeMap<>();
        List<Map<Integer, Double>> valued = samples.stream().map(l -> values.apply(l.body())).toList();
        valued.forEach(v -> v.keySet().forEach(node -> byNode.putIfAbsent(node, new ArrayList<>())));
        for (int i = 0; i < samples.size(); i++) {
            Map<Integer, Double> v = valued.get(i);
            double at = samples.get(i).elapsed();
            byNode.forEach((node, points) -> points.add(new Point(at, v.getOrDefault(node, Double.NaN))));
        }
        Map<String, List<Point>> named = new LinkedHashMap<>();
        byNode.forEach((node, points) -> named.put("node " + node, points));
        return named;
    }

    /** The probe's seconds, placed by when each second ended, not by when the runner copied it. */
    private static List<Series> probe(List<ProbeLine> probe, Instant start,
                                      Function<ProbeSecond, Map<String, Double>> values) {
        Map<String, List<Point>> series = new LinkedHashMap<>();
        for (ProbeLine line : probe) {
            ProbeSecond second = line.second();
            if (second == null || second.time() == null) {
                continue;
            }
            double at = Duration.between(start, second.time()).toMillis() / 1000.0;
            values.apply(second).forEach((name, value) ->
                    series.computeIfAbsent(name, k -> new ArrayList<>()).add(new Point(at, value)));
        }
        return List.copyOf(named(series));
    }

    private static Map<String, Double> outcomesOf(ProbeSecond second) {
        CallCounts calls = second.calls();
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("scheduled", (double) calls.scheduled());   // the rate the probe kept, whatever answered
        values.put("success", (double) calls.success());
        values.put("no provider", (double) calls.noProvider());
        values.put("timeout", (double) calls.timeout());
        values.put("network", (double) calls.network());
        values.put("other", (double) calls.other());
        return values;
    }

    private static Map<String, Double> latencyOf(ProbeSecond second) {
        Percentiles ms = second.latencyMs();
        Map<String, Double> values = new LinkedHashMap<>();
        if (ms != null && ms.count() > 0) {
            values.put("p50", ms.p50());
            values.put("p90", ms.p90());
            values.put("p99", ms.p99());
            values.put("max", ms.max());
        }
        return values;
    }

    private static List<Series> named(Map<String, List<Point>> points) {
        List<Series> series = new ArrayList<>();
        points.forEach((name, list) -> series.add(new Series(name, List.copyOf(list))));
        return series;
    }
}
