package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * When the run ended, every node listed all registered providers but at most {@code atMost}, and none
 * listed more than were registered: a node listing every instance twice looks complete while half the
 * providers could be gone, so an over-count fails ({@link io.upgradelab.reports.OverCount}). A loss in a
 * last phase whose load was not valid may be the lab's (1.x providers whose beats the fleet could not
 * send expire): inconclusive, as is a run whose last phase sampled no node, or has no fleet sample (what was
 * registered is then not known: 0 for want of a figure is no count, and an empty cluster would read as "0
 * lost"). A node that did not answer the last sample lists nothing the lab saw: its instances are not
 * counted as lost (the journal cannot tell a node down from an observer that timed out), but the
 * criterion cannot pass on it either: inconclusive, unless the nodes that answered lost too many.
 */
@JsonTypeName("instanceLossAtEnd")
public record InstanceLossAtEnd(@JsonProperty(required = true) int atMost) implements Criterion {

    @Override
    public String describe() {
        return "instances lost at the end at most " + atMost;
    }

    @Override
    public Verdict judge(Subject subject) {
        RunSummary run = subject.run();
        RunSummary.EndOfRun end = run.end();
        if (end.instancesPerNode().isEmpty()) {
            return Verdict.inconclusive(describe(), "no node was sampled in the last phase: nothing measured");
        }
        if (!end.fleetSampled()) {
            return Verdict.inconclusive(describe(), "no fleet sample in the last phase: what was registered is not"
                    + " known, so no loss can be counted (nodes list " + end.instancesPerNode() + ")");
        }
        List<Integer> unreachable = end.unreachable();
        int lost = end.lost();
        Measure measure = Measure.count(lost, "lost", Bound.atMost(atMost), end.registered(), "registered instances");
        String lists = end.registered() + " registered, nodes list " + end.instancesPerNode()
                + (unreachable.isEmpty() ? "" : " (-1: did not answer)");
        if (!end.overCounted().isEmpty()) {
            return Verdict.of(describe(), false, measure, lists + "; more than registered (" + String.join(", ",
                    end.overCounted()) + "): an over-count, behind which a loss would not show");
        }
        Verdict counted = Verdict.of(describe(), lost <= atMost, measure, lists);
        if (lost <= atMost && !unreachable.isEmpty()) {
            return counted.inconclusiveBecause("node(s) " + unreachable.stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + " did not answer the last sample: what they list is not known");
        }
        if (lost <= atMost) {
            return counted;
        }
        Optional<String> load = run.phases().isEmpty() ? Optional.empty()
                : Evidence.load(run.phases().get(run.phases().size() - 1));
        return load.map(l -> counted.inconclusiveBecause("the last phase's " + l + ": the loss may be the lab's"))
                .orElse(counted);
    }
}
