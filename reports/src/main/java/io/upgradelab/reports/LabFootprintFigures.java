package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.upgradelab.journal.ClientBatch;
import io.upgradelab.journal.FleetScaled;
import io.upgradelab.journal.LabFootprint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the lab itself cost in one phase, as a report shows it beside the nodes' own load: the
 * observation rounds against their period, the lab's requests per second to each node and their share
 * of what the node served, the node logs read, the lab's processes' CPU, and the fleet's steps that ran
 * slow. A phase whose rounds fell behind, or whose fleet was slow, measured the lab as much as Nacos:
 * {@link #problems()} says so, and {@link LoadValidity} flags the phase with them.
 *
 * @param rounds      observation rounds in the phase
 * @param nodes       per node, the lab's side of its load
 * @param labCpu      by lab process, % of one core
 * @param expensive   the expensive observers: "configs 4/10 runs, 5.8 s mean"
 * @param slowSteps   the fleet's steps past three times their plan and a minute
 */
public record LabFootprintFigures(double periodSeconds, String observation, int rounds,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Double roundMeanSeconds,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Double roundMaxSeconds,
                                  List<NodeCost> nodes, Map<String, Double> labCpu, List<String> expensive,
                                  List<String> slowSteps) {

    /**
     * One node's side.
     *
     * @param labRequestsPerSecond the lab's requests to it per second of the phase
     * @param labSharePercent      those in % of the HTTP requests it served (an upper bound against
     *                             2.x clients, whose gRPC calls its access log leaves out); null where
     *                             what it served is unknown
     * @param logMiBRead           MiB of its logs the lab read
     */
    public record NodeCost(int node, double labRequestsPerSecond,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double labSharePercent, double logMiBRead) {
    }

    public LabFootprintFigures {
        nodes = List.copyOf(nodes);
        labCpu = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labCpu));   // in the journal's order
        expensive = List.copyOf(expensive);
        slowSteps = List.copyOf(slowSteps);
    }

    /**
     * The figures of a phase from its {@code labFootprint} line and the fleet's steps it journalled slow
     * ({@code slowSteps}, worded by {@link #slow(FleetScaled)} and {@link #slow(ClientBatch)}); null for a
     * journal from before footprints were kept.
     */
    static LabFootprintFigures of(LabFootprint line, List<String> slowSteps) {
        if (line == null) {
            return null;
        }
        double seconds = line.seconds() <= 0 ? 1 : line.seconds();
        List<NodeCost> nodes = line.nodes().stream().map(n -> new NodeCost(n.node(),
                round(n.labRequests() / seconds), n.labSharePercent(), round(n.logBytesRead() / 1048576.0))).toList();
        Map<String, Double> cpu = new LinkedHashMap<>();
        line.labCpu().forEach(p -> cpu.put(p.process(), round(p.cpuPercent())));
        List<String> expensive = line.observers().stream().filter(LabFootprint.ObserverCost::expensive)
                .map(o -> o.name() + " " + o.runs() + "/" + (o.runs() + o.skipped()) + " rounds, "
                        + SummaryText.number(round(o.meanMs() / 1000)) + " s mean").toList();
        return new LabFootprintFigures(line.periodSeconds(), line.observation(), line.rounds(),
                line.roundMeanSeconds(), line.roundMaxSeconds(), nodes, cpu, expensive, slowSteps);
    }

    /** "the fleet's change to 14000 providers took 212 s against 35 s planned", or empty when not slow. */
    static Optional<String> slow(FleetScaled step) {
        return slow("the fleet's change to " + step.target() + " providers", step.slow(), step.seconds(),
                step.expectedSeconds());
    }

    /** "client batch 2 took 212 s against 35 s planned", or empty when not slow. */
    static Optional<String> slow(ClientBatch step) {
        return slow("client batch " + step.batch(), step.slow(), step.seconds(), step.expectedSeconds());
    }

    private static Optional<String> slow(String what, Boolean slow, double seconds, double expectedSeconds) {
        return Boolean.TRUE.equals(slow) ? Optional.of(what + " took " + Math.round(seconds) + " s against "
                + Math.round(expectedSeconds) + " s planned") : Optional.empty();
    }

    /** Whether the rounds fell behind their period: on average a round took longer than the period. */
    public boolean behind() {
        return roundMeanSeconds != null && roundMeanSeconds > periodSeconds;
    }

    /** Why the lab, not Nacos, may have set the pace of the phase; empty when nothing says so. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (behind()) {
            problems.add("the lab's observation rounds took " + SummaryText.number(roundMeanSeconds)
                    + " s on average, over their " + SummaryText.number(periodSeconds) + " s period");
        }
        slowSteps.forEach(s -> problems.add("the lab was slow: " + s));
        return problems;
    }

    /** The lab's requests to every node per second. */
    public double labRequestsPerSecond() {
        return round(nodes.stream().mapToDouble(NodeCost::labRequestsPerSecond).sum());
    }

    /** The highest share of one node's served requests; null where none is known. */
    public Double maxSharePercent() {
        return nodes.stream().map(NodeCost::labSharePercent).filter(java.util.Objects::nonNull)
                .max(Double::compare).orElse(null);
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
