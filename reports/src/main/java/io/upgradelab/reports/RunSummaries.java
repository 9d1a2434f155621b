package io.upgradelab.reports;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.reports.RunSummary.Latency;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.RunSummary.ProbeOutcomes;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Reads a journal into a {@link RunSummary}. Every figure comes from lines the run wrote: the
 * phases' own tallies (phaseEnded), the observers' samples, and the probe's seconds, each counted
 * in the phase its second ended in (by time, not by when the observer copied it).
 */
public final class RunSummaries {

    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private RunSummaries() {
    }

    /** The journal's summary; a journal whose lines do not hold what the runner writes is refused, naming it. */
    public static RunSummary of(JournalFile journal) {
        try {
            return summarise(journal);
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw new IllegalArgumentException(journal.file() + ": not a journal the runner wrote: " + e.getMessage(), e);
        }
    }

    private static RunSummary summarise(JournalFile journal) {
        JsonNode start = journal.lines().get(0);
        List<JsonNode> ended = journal.ofType("runEnded");
        List<JsonNode> seconds = journal.ofType("probe").stream().map(l -> l.path("second")).toList();
        List<PhaseSummary> phases = new ArrayList<>();
        Map<Integer, JsonNode> started = new TreeMap<>();
        journal.ofType("phaseStarted").forEach(l -> started.put(l.path("index").asInt(), l));
        for (JsonNode end : journal.ofType("phaseEnded")) {
            JsonNode begin = started.get(end.path("index").asInt());
            if (begin != null) {
                phases.add(phase(journal, begin, end, seconds));
            }
        }
        double lastElapsed = journal.lines().get(journal.lines().size() - 1).path("elapsed").asDouble();
        return new RunSummary(start.path("experiment").asText(), start.path("description").asText(),
                start.path("scale").asDouble(1.0), start.path("time").asText(),
                ended.isEmpty() ? "incomplete" : ended.get(0).path("outcome").asText(), journal.complete(),
                ended.isEmpty() ? lastElapsed : ended.get(0).path("seconds").asDouble(), journal.tornLines(),
                List.copyOf(phases), outcomes(seconds), latency(seconds), endOfRun(journal, phases));
    }

    /** From the last phase's last fleet and nodeCounts samples; nothing registered if it has none. */
    private static RunSummary.EndOfRun endOfRun(JournalFile journal, List<PhaseSummary> phases) {
        if (phases.isEmpty()) {
            return new RunSummary.EndOfRun(0, List.of());
        }
        int last = phases.get(phases.size() - 1).index();
        List<JsonNode> fleet = inPhase(journal.samples("fleet"), last);
        List<JsonNode> counts = inPhase(journal.samples("nodeCounts"), last);
        int registered = fleet.isEmpty() ? 0 : total(fleet.get(fleet.size() - 1).path("fleet").path("providers"))
                + fleet.get(fleet.size() - 1).path("demoProvidersAlive").asInt();
        List<Integer> instances = new ArrayList<>();
        if (!counts.isEmpty()) {
            counts.get(counts.size() - 1).path("nodes").forEach(n ->
                    instances.add(n.path("reachable").asBoolean() ? n.path("instances").asInt() : -1));
        }
        return new RunSummary.EndOfRun(registered, List.copyOf(instances));
    }

    private static PhaseSummary phase(JournalFile journal, JsonNode begin, JsonNode end, List<JsonNode> seconds) {
        int index = end.path("index").asInt();
        Instant from = Instant.parse(begin.path("time").asText());
        Instant to = Instant.parse(end.path("time").asText());
        List<JsonNode> inPhase = seconds.stream().filter(s -> within(s.path("time").asText(), from, to)).toList();
        List<JsonNode> nodeCounts = inPhase(journal.samples("nodeCounts"), index);
        List<JsonNode> fleet = inPhase(journal.samples("fleet"), index);
        List<JsonNode> resources = inPhase(journal.samples("nodeResources"), index);
        List<NodeSummary> nodes = new ArrayList<>();
        for (JsonNode n : end.path("nodes")) {
            int node = n.path("node").asInt();
            nodes.add(new NodeSummary(node, n.path("samples").asInt(), n.path("unreachable").asInt(),
                    n.path("minInstances").asInt(), n.path("maxInstances").asInt(), n.path("meanInstances").asDouble(),
                    n.path("stddevInstances").asDouble(), n.path("belowSamples").asInt(), n.path("drops").asInt(),
                    n.path("recoveries").asInt(),
                    n.path("meanCpuPercent").asDouble(), p95Cpu(resources, node), n.path("maxCpuPercent").asDouble(),
                    n.path("maxRssMiB").asLong()));
        }
        return new PhaseSummary(index, end.path("kind").asText(), end.path("title").asText(),
                end.path("outcome").asText(), end.path("seconds").asDouble(), end.path("expectedSeconds").asLong(),
                change(nodeCounts, RunSummaries::versions), change(fleet, RunSummaries::generations),
                end.path("providers").asInt(), nodes.stream().allMatch(n -> n.belowSamples() == 0), List.copyOf(nodes),
                outcomes(inPhase), latency(inPhase),
                LoadValidity.of(fleet, inPhase(journal.samples("machine"), index), inPhase), end.path("message").asText(""),
                journal.ofType("warning").stream().filter(w -> w.path("phase").asInt() == index)
                        .map(w -> new RunSummary.Warning(w.path("kind").asText(""), w.path("message").asText(""))).toList());
    }

    private static boolean within(String time, Instant from, Instant to) {
        if (time.isEmpty()) {
            return false;
        }
        Instant t = Instant.parse(time);
        return !t.isBefore(from) && t.isBefore(to);
    }

    private static List<JsonNode> inPhase(List<JsonNode> samples, int index) {
        return samples.stream().filter(s -> s.path("phase").asInt() == index).toList();
    }

    /** "a" when the first and last sample say the same, else "a -> b"; "" without samples. */
    private static String change(List<JsonNode> samples, Function<JsonNode, String> describe) {
        if (samples.isEmpty()) {
            return "";
        }
        String first = describe.apply(samples.get(0));
        String last = describe.apply(samples.get(samples.size() - 1));
        return first.equals(last) ? first : first + " -> " + last;
    }

    /** "1.4.1 x3", or "2.0.4 1.4.1 1.4.1" while they differ. */
    private static String versions(JsonNode nodeCounts) {
        List<String> versions = new ArrayList<>();
        nodeCounts.path("nodes").forEach(n -> versions.add(n.path("version").asText()));
        return versions.stream().distinct().count() == 1 ? versions.get(0) + " x" + versions.size()
                : String.join(" ", versions);
    }

    /** The generations with providers: "1x", "2x" or "1x+2x". */
    private static String generations(JsonNode fleetSample) {
        List<String> with = new ArrayList<>();
        fleetSample.path("fleet").path("providers").fields().forEachRemaining(e -> {
            if (e.getValue().asInt() > 0) {
                with.add(e.getKey());
            }
        });
        return with.isEmpty() ? "none" : String.join("+", with);
    }

    private static int total(JsonNode byGeneration) {
        int total = 0;
        for (JsonNode count : byGeneration) {
            total += count.asInt();
        }
        return total;
    }

    /** Nearest-rank 95th percentile of the node's CPU samples in the phase; 0 without samples. */
    private static double p95Cpu(List<JsonNode> resources, int node) {
        List<Double> cpu = new ArrayList<>();
        for (JsonNode sample : resources) {
            for (JsonNode n : sample.path("nodes")) {
                if (n.path("node").asInt() == node && n.has("cpuPercent")) {
                    cpu.add(n.path("cpuPercent").asDouble());
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

    private static ProbeOutcomes outcomes(List<JsonNode> seconds) {
        ProbeOutcomes sum = ProbeOutcomes.NONE;
        for (JsonNode s : seconds) {
            JsonNode c = s.path("calls");
            sum = sum.plus(new ProbeOutcomes(c.path("scheduled").asLong(), c.path("success").asLong(),
                    c.path("noProvider").asLong(), c.path("timeout").asLong(), c.path("network").asLong(),
                    c.path("other").asLong()));
        }
        return sum;
    }

    /** Exact percentiles of the seconds' merged histograms; null if a second carries none (an older probe). */
    private static Latency latency(List<JsonNode> seconds) {
        Histogram merged = new Histogram(HIGHEST_MICROS, 3);
        merged.setAutoResize(true);
        for (JsonNode s : seconds) {
            String encoded = s.path("latencyHistogram").asText("");
            if (encoded.isEmpty()) {
                return null;
            }
            merged.add(decode(encoded));
        }
        if (merged.getTotalCount() == 0) {
            return new Latency(0, 0, 0, 0, 0, 0);
        }
        return new Latency(merged.getTotalCount(), millis(merged.getValueAtPercentile(50)),
                millis(merged.getValueAtPercentile(75)), millis(merged.getValueAtPercentile(90)),
                millis(merged.getValueAtPercentile(99)), millis(merged.getMaxValue()));
    }

    private static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a probe second's latencyHistogram does not decode: " + e.getMessage(), e);
        }
    }

    private static double millis(long micros) {
        return Math.round(micros / 10.0) / 100.0;
    }
}
