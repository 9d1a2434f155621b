package io.upgradelab.reports;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ClientBatch;
import io.upgradelab.journal.ConfigCheck;
import io.upgradelab.journal.FailureSignWarning;
import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.FleetScaled;
import io.upgradelab.journal.LabFootprint;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.MachineSample;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.journal.ConsumerStack;
import io.upgradelab.journal.GatewayBenchmark;
import io.upgradelab.journal.GatewaySecond;
import io.upgradelab.journal.SignalSample;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeResourcesSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.journal.SignsWatched;
import io.upgradelab.journal.Warning;
import io.upgradelab.journal.WarningKind;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Reads a journal into a {@link RunSummary}. Every figure comes from lines the run wrote: the
 * phases' own tallies (phaseEnded), the observers' samples and config checks, the probe's seconds, each counted
 * in the phase its second ended in (by time, not by when the observer copied it), and the benchmark phases'
 * operations.
 */
public final class RunSummaries {

    private RunSummaries() {
    }

    /**
     * The journal's summary; a journal whose lines do not hold what the runner writes is refused
     * ({@link JournalFile#refused}), naming the file and the line.
     */
    public static RunSummary of(JournalFile journal) {
        Line<RunStarted> start = journal.lines(RunStarted.class).get(0);
        List<RunEnded> ended = journal.bodies(RunEnded.class);
        List<Line<ProbeLine>> probe = probeLines(journal);
        List<Bounds> bounds = bounds(journal);
        Recorded recorded = Recorded.of(journal,
                bounds.isEmpty() ? TEAR_DOWN : bounds.get(bounds.size() - 1).end().body().index());
        MergedLatency latency = MergedLatency.of(journal, probe, bounds);
        Map<Integer, List<OverCount>> overCounts = OverCounts.byPhase(journal);
        List<PhaseSummary> phases = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i++) {
            Bounds phase = bounds.get(i);
            phases.add(phase(recorded, phase, probe, latency.phase(i),
                    overCounts.getOrDefault(phase.end().body().index(), List.of())));
        }
        double lastElapsed = journal.lines().get(journal.lines().size() - 1).path("elapsed").asDouble();
        RunStarted run = start.body();
        List<Line<SignsWatched>> watched = journal.lines(SignsWatched.class);
        return new RunSummary(run.experiment(), run.description(), run.scale() == 0 ? 1.0 : run.scale(),
                start.time().toString(), ended.isEmpty() ? "incomplete" : ended.get(0).outcome(), journal.complete(),
                ended.isEmpty() ? lastElapsed : ended.get(0).seconds(), journal.tornLines(),
                List.copyOf(phases), outcomes(seconds(probe)), latency.run().percentiles(), endOfRun(recorded, phases),
                watched.isEmpty() ? null : watched.get(0).body(), BenchmarkSummary.of(benchmarkLines(journal)),
                GatewayBenchmarkSummary.of(journal.lines(GatewayBenchmark.class), journal.lines(GatewaySecond.class)),
                ConsumerStackSummary.of(journal.lines(ConsumerStack.class)),
                SignalSummary.of(journal.lines(SignalSample.class)), run.phases(),
                watched.isEmpty() ? 0 : watchedFrom(watched.get(0)));
    }

    /** The first phase {@code watched} covers: its own (0 from set-up), none when it came in tear-down. */
    private static int watchedFrom(Line<SignsWatched> watched) {
        return watched.phase() == TEAR_DOWN ? RunSummary.SIGNS_WATCHED_AFTER_THE_PHASES : Math.max(0, watched.phase());
    }

    /** The phase number of the lines journalled in tear-down, after the last phase. */
    private static final int TEAR_DOWN = -1;

    /** A phase as its phaseStarted and phaseEnded lines bound it: it holds the probe seconds that ended in it. */
    private record Bounds(Line<PhaseStarted> begin, Line<PhaseEnded> end) implements Predicate<Line<ProbeLine>> {

        @Override
        public boolean test(Line<ProbeLine> line) {
            Instant time = line.body().second().time();
            return time != null && !time.isBefore(begin.time()) && time.isBefore(end.time());
        }
    }

    /** The phases that ended, in the order they did, each with the start of the same index; one without is left out. */
    private static List<Bounds> bounds(JournalFile journal) {
        Map<Integer, Line<PhaseStarted>> started = new TreeMap<>();
        journal.lines(PhaseStarted.class).forEach(l -> started.put(l.body().index(), l));
        List<Bounds> bounds = new ArrayList<>();
        for (Line<PhaseEnded> end : journal.lines(PhaseEnded.class)) {
            Line<PhaseStarted> begin = started.get(end.body().index());
            if (begin != null) {
                bounds.add(new Bounds(begin, end));
            }
        }
        return bounds;
    }

    /**
     * The samples and warnings a phase summary is made of, each type read from the journal once and
     * grouped by phase; fleet samples only where the fleet answered; failure signs apart from the
     * other warnings. A warning or failure sign journalled in tear-down belongs to the last phase that
     * ended: tear-down's first observation round reads the log lines and states of that phase's last
     * interval, so what it finds happened in that phase, not nowhere.
     */
    private record Recorded(Map<Integer, List<NodeCountsSample>> counts, Map<Integer, List<NodeResourcesSample>> resources,
                            Map<Integer, List<MachineSample>> machine, Map<Integer, List<FleetSample>> fleet,
                            Map<Integer, List<RunSummary.Warning>> warnings,
                            Map<Integer, List<FailureSignWarning>> failureSigns,
                            Map<Integer, List<MissingInstances>> missing, List<Line<ConfigCheck>> configChecks,
                            Map<Integer, List<LabFootprint>> footprints, Map<Integer, List<String>> slowSteps) {

        static Recorded of(JournalFile journal, int lastPhase) {
            Function<Line<?>, Integer> phase = l -> l.phase() == TEAR_DOWN ? lastPhase : l.phase();
            Map<Integer, List<RunSummary.Warning>> warnings = journal.lines(Warning.class).stream()
                    .filter(l -> l.body().kind() != WarningKind.failureSign)
                    .collect(Collectors.groupingBy(phase, Collectors.mapping(l -> RunSummary.Warning.of(l.body()),
                            Collectors.toList())));
            Map<Integer, List<FailureSignWarning>> signs = journal.lines(FailureSignWarning.class).stream()
                    .filter(l -> FailureSignWarning.KIND.equals(l.body().kind()))
                    .collect(Collectors.groupingBy(phase, Collectors.mapping(Line::body, Collectors.toList())));
            return new Recorded(byPhase(journal.lines(NodeCountsSample.class)),
                    byPhase(journal.lines(NodeResourcesSample.class)), byPhase(journal.lines(MachineSample.class)),
                    byPhase(journal.lines(FleetSample.class).stream().filter(l -> l.body().answered()).toList()),
                    warnings, signs,
                    byPhase(journal.lines(MissingInstances.class)),
                    journal.lines(ConfigCheck.class), byPhase(journal.lines(LabFootprint.class)),
                    slowSteps(journal));
        }

        /** The fleet's steps journalled slow, worded, by phase: its ramps and shrinks, then its client batches. */
        private static Map<Integer, List<String>> slowSteps(JournalFile journal) {
            Map<Integer, List<String>> slow = new HashMap<>();
            journal.lines(FleetScaled.class).forEach(l -> LabFootprintFigures.slow(l.body())
                    .ifPresent(what -> slow.computeIfAbsent(l.phase(), k -> new ArrayList<>()).add(what)));
            journal.lines(ClientBatch.class).forEach(l -> LabFootprintFigures.slow(l.body())
                    .ifPresent(what -> slow.computeIfAbsent(l.phase(), k -> new ArrayList<>()).add(what)));
            return slow;
        }

        /**
         * The config checks of the phase that {@code begin} starts, counted from the run's last check
         * before it; null when the run checked no configs at all (it had no configs section).
         */
        ConfigFigures configs(Line<PhaseStarted> begin) {
            if (configChecks.isEmpty()) {
                return null;
            }
            int index = begin.body().index();
            ConfigCheck before = null;
            for (Line<ConfigCheck> check : configChecks) {
                if (check.number() < begin.number()) {
                    before = check.body();
                }
            }
            return ConfigFigures.of(configChecks.stream().filter(l -> l.phase() == index).toList(), before);
        }

        private static <T> Map<Integer, List<T>> byPhase(List<Line<T>> lines) {
            return lines.stream().collect(Collectors.groupingBy(Line::phase,
                    Collectors.mapping(Line::body, Collectors.toList())));
        }

        static <T> List<T> in(Map<Integer, List<T>> byPhase, int index) {
            return byPhase.getOrDefault(index, List.of());
        }
    }

    /** The probe's seconds, each with its line; a probe line without its second is refused by its line. */
    private static List<Line<ProbeLine>> probeLines(JournalFile journal) {
        List<Line<ProbeLine>> lines = journal.lines(ProbeLine.class);
        for (Line<ProbeLine> line : lines) {
            if (line.body().second() == null) {
                throw journal.refused(line.number(), "a probe line without its second", null);
            }
        }
        return lines;
    }

    /** The benchmark phases' operations; a benchmark line without its operation is refused by its line. */
    private static List<Line<NamingBenchmark>> benchmarkLines(JournalFile journal) {
        List<Line<NamingBenchmark>> lines = journal.lines(NamingBenchmark.class);
        for (Line<NamingBenchmark> line : lines) {
            if (line.body().operation() == null || line.body().operation().isBlank()) {
                throw journal.refused(line.number(), "a benchmark line without its operation", null);
            }
        }
        return lines;
    }

    private static List<ProbeSecond> seconds(List<Line<ProbeLine>> lines) {
        return lines.stream().map(l -> l.body().second()).toList();
    }

    /**
     * From the last phase's last fleet and nodeCounts samples; nothing registered if it has no fleet
     * sample, and said so ({@link RunSummary.EndOfRun#fleetSampled()}): 0 for want of a figure is not a count.
     */
    private static RunSummary.EndOfRun endOfRun(Recorded recorded, List<PhaseSummary> phases) {
        if (phases.isEmpty()) {
            return new RunSummary.EndOfRun(0, List.of(), false);
        }
        int last = phases.get(phases.size() - 1).index();
        List<FleetSample> fleet = Recorded.in(recorded.fleet(), last);
        List<NodeCountsSample> counts = Recorded.in(recorded.counts(), last);
        int registered = fleet.isEmpty() ? 0 : fleet.get(fleet.size() - 1).fleet().totalProviders()
                + fleet.get(fleet.size() - 1).demoProvidersAlive();
        List<Integer> instances = new ArrayList<>();
        if (!counts.isEmpty()) {
            counts.get(counts.size() - 1).nodes().forEach(n -> instances.add(n.reachable() ? n.instances() : -1));
        }
        return new RunSummary.EndOfRun(registered, List.copyOf(instances), !fleet.isEmpty());
    }

    private static PhaseSummary phase(Recorded recorded, Bounds bounds, List<Line<ProbeLine>> probe,
                                      MergedLatency.Span latency, List<OverCount> overCounts) {
        PhaseEnded end = bounds.end().body();
        int index = end.index();
        List<ProbeSecond> seconds = seconds(probe.stream().filter(bounds).toList());
        List<NodeCountsSample> nodeCounts = Recorded.in(recorded.counts(), index);
        List<FleetSample> fleet = Recorded.in(recorded.fleet(), index);
        List<NodeResourcesSample> resources = Recorded.in(recorded.resources(), index);
        List<NodeSummary> nodes = end.nodes().stream().map(n -> node(n, resources)).toList();
        LabFootprintFigures footprint = LabFootprintFigures.of(Recorded.in(recorded.footprints(), index).stream()
                .reduce((first, last) -> last).orElse(null), Recorded.in(recorded.slowSteps(), index));
        return new PhaseSummary(index, end.kind(), end.title(), end.outcome(), end.seconds(), end.expectedSeconds(),
                change(nodeCounts, RunSummaries::versions), change(fleet, RunSummaries::generations),
                end.providers() == null ? 0 : end.providers(),
                nodes.stream().allMatch(n -> n.belowSamples() == 0) && overCounts.isEmpty(),
                nodes, outcomes(seconds), latency.percentiles(),
                LoadValidity.of(fleet, Recorded.in(recorded.machine(), index), seconds)
                        .withLabProblems(footprint == null ? List.of() : footprint.problems()),
                end.message() == null ? "" : end.message(), Recorded.in(recorded.warnings(), index),
                Recorded.in(recorded.failureSigns(), index), Recorded.in(recorded.missing(), index), nodeCounts,
                recorded.configs(bounds.begin()), seconds.size(), end.cause(), overCounts, footprint);
    }

    /** A node's figures as its phaseEnded tallied them, with the p95 and count of its CPU samples in the phase. */
    private static NodeSummary node(PhaseEnded.NodeFigures n, List<NodeResourcesSample> resources) {
        List<Double> cpu = cpu(resources, n.node());
        return new NodeSummary(n.node(), n.samples(), n.unreachable(), n.minInstances(), n.maxInstances(),
                n.meanInstances(), n.stddevInstances(), n.belowSamples(), n.drops(), n.recoveries(),
                n.meanCpuPercent(), p95(cpu), n.maxCpuPercent(), n.maxRssMiB(), cpu.size());
    }

    /** "a" when the first and last sample say the same, else "a -> b"; "" without samples. */
    private static <T> String change(List<T> samples, Function<T, String> describe) {
        if (samples.isEmpty()) {
            return "";
        }
        String first = describe.apply(samples.get(0));
        String last = describe.apply(samples.get(samples.size() - 1));
        return first.equals(last) ? first : first + " -> " + last;
    }

    /** "1.4.1 x3", or "2.0.4 1.4.1 1.4.1" while they differ. */
    private static String versions(NodeCountsSample nodeCounts) {
        List<String> versions = nodeCounts.nodes().stream().map(NodeSample::version).toList();
        return versions.stream().distinct().count() == 1 ? versions.get(0) + " x" + versions.size()
                : String.join(" ", versions);
    }

    /** The client versions with providers: "1.4.1", "1.4.1+2.3.2" (older journals: "1x", "1x+2x"). */
    private static String generations(FleetSample fleetSample) {
        List<String> with = fleetSample.fleet().providers().entrySet().stream()
                .filter(e -> e.getValue() > 0).map(Map.Entry::getKey).toList();
        return with.isEmpty() ? "none" : String.join("+", with);
    }

    /** The node's CPU samples in the phase, ascending. */
    private static List<Double> cpu(List<NodeResourcesSample> resources, int node) {
        List<Double> cpu = new ArrayList<>();
        for (NodeResourcesSample sample : resources) {
            for (ResourceSample n : sample.nodes()) {
                if (n.node() == node) {
                    cpu.add(n.cpuPercent());
                }
            }
        }
        cpu.sort(Double::compare);
        return cpu;
    }

    /**
     * Nearest-rank 95th percentile of {@code sortedCpu}, to 0.1; 0 without samples. A sample that is not a
     * number sorts last and stays NaN (rounding would make it 0, a figure that passes).
     */
    private static double p95(List<Double> sortedCpu) {
        if (sortedCpu.isEmpty()) {
            return 0;
        }
        double p95 = nearestRank(sortedCpu, 0.95);
        return Double.isFinite(p95) ? Math.round(p95 * 10) / 10.0 : p95;
    }

    /** The nearest-rank percentile {@code fraction} (0.95: p95) of {@code sorted}, ascending and not empty. */
    static double nearestRank(List<Double> sorted, double fraction) {
        return sorted.get((int) Math.ceil(fraction * sorted.size()) - 1);
    }

    private static CallCounts outcomes(List<ProbeSecond> seconds) {
        return seconds.stream().map(ProbeSecond::calls).reduce(CallCounts.NONE, CallCounts::plus);
    }
}
