package io.upgradelab.reports;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.LatencyHistograms;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.MachineSample;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeResourcesSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Reads a journal into a {@link RunSummary}. Every figure comes from lines the run wrote: the
 * phases' own tallies (phaseEnded), the observers' samples, and the probe's seconds, each counted
 * in the phase its second ended in (by time, not by when the observer copied it).
 */
public final class RunSummaries {

    private RunSummaries() {
    }

    /** The journal's summary; a journal whose lines do not hold what the runner writes is refused, naming it. */
    public static RunSummary of(JournalFile journal) {
        try {
            return summarise(journal);
        } catch (DateTimeParseException | IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            throw message.startsWith(journal.file().toString()) ? new IllegalArgumentException(message, e)
                    : new IllegalArgumentException(journal.file() + ": not a journal the runner wrote: " + message, e);
        }
    }

    private static RunSummary summarise(JournalFile journal) {
        Line<RunStarted> start = journal.lines(RunStarted.class).get(0);
        List<RunEnded> ended = journal.bodies(RunEnded.class);
        List<Line<ProbeLine>> probeLines = journal.lines(ProbeLine.class);
        refuseUndecodableHistograms(journal, probeLines);
        List<ProbeSecond> seconds = probeLines.stream().map(l -> l.body().second()).toList();
        List<PhaseSummary> phases = new ArrayList<>();
        Map<Integer, Line<PhaseStarted>> started = new TreeMap<>();
        journal.lines(PhaseStarted.class).forEach(l -> started.put(l.body().index(), l));
        for (Line<PhaseEnded> end : journal.lines(PhaseEnded.class)) {
            Line<PhaseStarted> begin = started.get(end.body().index());
            if (begin != null) {
                phases.add(phase(journal, begin, end, seconds));
            }
        }
        double lastElapsed = journal.lines().get(journal.lines().size() - 1).path("elapsed").asDouble();
        RunStarted run = start.body();
        return new RunSummary(run.experiment(), run.description(), run.scale() == 0 ? 1.0 : run.scale(),
                start.time().toString(), ended.isEmpty() ? "incomplete" : ended.get(0).outcome(), journal.complete(),
                ended.isEmpty() ? lastElapsed : ended.get(0).seconds(), journal.tornLines(),
                List.copyOf(phases), outcomes(seconds), latency(seconds), endOfRun(journal, phases));
    }

    /** From the last phase's last fleet and nodeCounts samples; nothing registered if it has none. */
    private static RunSummary.EndOfRun endOfRun(JournalFile journal, List<PhaseSummary> phases) {
        if (phases.isEmpty()) {
            return new RunSummary.EndOfRun(0, List.of());
        }
        int last = phases.get(phases.size() - 1).index();
        List<FleetSample> fleet = fleetInPhase(journal, last);
        List<NodeCountsSample> counts = bodiesInPhase(journal.lines(NodeCountsSample.class), last);
        int registered = fleet.isEmpty() ? 0 : fleet.get(fleet.size() - 1).fleet().totalProviders()
                + fleet.get(fleet.size() - 1).demoProvidersAlive();
        List<Integer> instances = new ArrayList<>();
        if (!counts.isEmpty()) {
            counts.get(counts.size() - 1).nodes().forEach(n -> instances.add(n.reachable() ? n.instances() : -1));
        }
        return new RunSummary.EndOfRun(registered, List.copyOf(instances));
    }

    private static PhaseSummary phase(JournalFile journal, Line<PhaseStarted> begin, Line<PhaseEnded> endLine,
                                      List<ProbeSecond> seconds) {
        PhaseEnded end = endLine.body();
        int index = end.index();
        Instant from = begin.time();
        Instant to = endLine.time();
        List<ProbeSecond> inPhase = seconds.stream().filter(s -> within(s.time(), from, to)).toList();
        List<NodeCountsSample> nodeCounts = bodiesInPhase(journal.lines(NodeCountsSample.class), index);
        List<FleetSample> fleet = fleetInPhase(journal, index);
        List<NodeResourcesSample> resources = bodiesInPhase(journal.lines(NodeResourcesSample.class), index);
        List<NodeSummary> nodes = new ArrayList<>();
        for (PhaseEnded.NodeFigures n : end.nodes()) {
            nodes.add(new NodeSummary(n.node(), n.samples(), n.unreachable(), n.minInstances(), n.maxInstances(),
                    n.meanInstances(), n.stddevInstances(), n.belowSamples(), n.drops(), n.recoveries(),
                    n.meanCpuPercent(), p95Cpu(resources, n.node()), n.maxCpuPercent(), n.maxRssMiB(),
                    cpuSamples(resources, n.node())));
        }
        return new PhaseSummary(index, end.kind(), end.title(), end.outcome(), end.seconds(), end.expectedSeconds(),
                change(nodeCounts, RunSummaries::versions), change(fleet, RunSummaries::generations),
                end.providers() == null ? 0 : end.providers(), nodes.stream().allMatch(n -> n.belowSamples() == 0),
                List.copyOf(nodes), outcomes(inPhase), latency(inPhase),
                LoadValidity.of(fleet, bodiesInPhase(journal.lines(MachineSample.class), index), inPhase),
                end.message() == null ? "" : end.message(),
                journal.ofType("warning").stream().filter(w -> w.path("phase").asInt() == index)
                        .map(w -> new RunSummary.Warning(w.path("kind").asText(""), w.path("message").asText(""))).toList());
    }

    private static boolean within(Instant time, Instant from, Instant to) {
        return time != null && !time.isBefore(from) && time.isBefore(to);
    }

    /** The phase's fleet samples where the fleet answered. */
    private static List<FleetSample> fleetInPhase(JournalFile journal, int index) {
        return bodiesInPhase(journal.lines(FleetSample.class), index).stream().filter(FleetSample::answered).toList();
    }

    private static <T> List<T> bodiesInPhase(List<Line<T>> lines, int index) {
        return lines.stream().filter(l -> l.phase() == index).map(Line::body).toList();
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

    /** The generations with providers: "1x", "2x" or "1x+2x". */
    private static String generations(FleetSample fleetSample) {
        List<String> with = new java.util.TreeMap<>(fleetSample.fleet().providers()).entrySet().stream()
                .filter(e -> e.getValue() > 0).map(Map.Entry::getKey).toList();
        return with.isEmpty() ? "none" : String.join("+", with);
    }

    private static int cpuSamples(List<NodeResourcesSample> resources, int node) {
        return (int) resources.stream().flatMap(s -> s.nodes().stream()).filter(n -> n.node() == node).count();
    }

    /** Nearest-rank 95th percentile of the node's CPU samples in the phase; 0 without samples. */
    private static double p95Cpu(List<NodeResourcesSample> resources, int node) {
        List<Double> cpu = new ArrayList<>();
        for (NodeResourcesSample sample : resources) {
            for (ResourceSample n : sample.nodes()) {
                if (n.node() == node) {
                    cpu.add(n.cpuPercent());
                }
            }
        }
        if (cpu.isEmpty()) {
            return 0;
        }
        cpu.sort(Double::compare);
        return Math.round(nearestRank(cpu, 0.95) * 10) / 10.0;
    }

    /** The nearest-rank percentile {@code fraction} (0.95: p95) of {@code sorted}, ascending and not empty. */
    static double nearestRank(List<Double> sorted, double fraction) {
        return sorted.get((int) Math.ceil(fraction * sorted.size()) - 1);
    }

    private static CallCounts outcomes(List<ProbeSecond> seconds) {
        return seconds.stream().map(ProbeSecond::calls).reduce(CallCounts.NONE, CallCounts::plus);
    }

    /** A probe second whose latency histogram does not decode, named by its line: before anything is summed. */
    private static void refuseUndecodableHistograms(JournalFile journal, List<Line<ProbeLine>> lines) {
        for (Line<ProbeLine> line : lines) {
            if (line.body().second() == null) {
                throw new IllegalArgumentException(journal.file() + ":" + line.number() + ": a probe line without its second");
            }
            String histogram = line.body().second().latencyHistogram();
            if (!histogram.isEmpty()) {
                try {
                    LatencyHistograms.decode(histogram);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(journal.file() + ":" + line.number() + ": probe second "
                            + line.body().second().second() + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /** Exact percentiles of the seconds' merged histograms; null if a second carries none (an older probe). */
    private static Percentiles latency(List<ProbeSecond> seconds) {
        Histogram merged = LatencyHistograms.empty();
        merged.setAutoResize(true);
        for (ProbeSecond s : seconds) {
            if (s.latencyHistogram().isEmpty()) {
                return null;
            }
            merged.add(LatencyHistograms.decode(s.latencyHistogram()));
        }
        return Percentiles.of(merged);
    }
}
