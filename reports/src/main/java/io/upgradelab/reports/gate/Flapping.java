package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.FlappingTally;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.Tolerance;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * At most {@code atMost} flapping events (a node's instance count falling below the expected count,
 * or below it from the phase's start; see the README) over all nodes, in the phases named (or all).
 *
 * <p>A node is below when it misses more than the tolerance: {@code toleranceInstances} providers or
 * {@code tolerancePercent} of the expected count, whichever is larger; none by default, so one client
 * of 100 lost (140 of 14000 providers, 1%) is caught. The expected count is already what was registered
 * for two observation intervals, so a registration still propagating is not a fall. The count is made
 * again from the journal's samples with this tolerance; a journal from before samples carried their
 * expected count is judged on the runner's own tallies (1%), and the verdict says so.
 */
@JsonTypeName("flapping")
public record Flapping(@JsonProperty(required = true) int atMost, List<String> phases,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer toleranceInstances,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double tolerancePercent) implements PhaseCriterion {

    /** At most {@code atMost} events with no tolerance. */
    public Flapping(int atMost, List<String> phases) {
        this(atMost, phases, null, null);
    }

    @Override
    public String describe() {
        return "flapping events (falls below the expected instance count) at most " + atMost
                + where() + (tolerant() ? ", tolerating " + tolerance().describe() : "");
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        int samples = selected.stream().flatMap(p -> p.nodes().stream()).mapToInt(NodeSummary::samples).sum();
        if (samples == 0) {
            return new Verdict(describe(), false, "no node answered an instance-count sample in them: nothing measured");
        }
        boolean recounted = selected.stream().allMatch(Flapping::recountable);
        int events = selected.stream().mapToInt(p -> recounted ? recount(p, tolerance()) : recorded(p)).sum();
        String how = recounted ? " (tolerating " + tolerance().describe() + ")"
                : tolerant() ? " (the runner's 1% tolerance: the journal's samples lack their expected count)" : "";
        return new Verdict(describe(), events <= atMost, events + " flapping events" + how);
    }

    private boolean tolerant() {
        return toleranceInstances != null || tolerancePercent != null;
    }

    private Tolerance tolerance() {
        return new Tolerance(toleranceInstances == null ? 0 : toleranceInstances,
                tolerancePercent == null ? 0 : tolerancePercent);
    }

    /** Whether every sample of the phase carries its expected count, so it can be counted again. */
    private static boolean recountable(PhaseSummary phase) {
        return !phase.counts().isEmpty() && phase.counts().stream().allMatch(c -> c.expected() != null);
    }

    /** The phase's flapping events as the runner tallied them. */
    private static int recorded(PhaseSummary phase) {
        return phase.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum();
    }

    /** The phase's flapping events counted again from its samples with {@code tolerance}. */
    static int recount(PhaseSummary phase, Tolerance tolerance) {
        Map<Integer, FlappingTally> nodes = new TreeMap<>();
        for (NodeCountsSample sample : phase.counts()) {
            for (NodeSample node : sample.nodes()) {
                if (node.reachable()) {
                    nodes.computeIfAbsent(node.node(), n -> new FlappingTally(tolerance)).add(node.instances(),
                            sample.expected());
                }
            }
        }
        return nodes.values().stream().mapToInt(FlappingTally::events).sum();
    }
}
