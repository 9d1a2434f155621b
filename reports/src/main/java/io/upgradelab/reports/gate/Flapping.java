package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import java.util.List;

/**
 * At most {@code atMost} flapping events (a node's instance count falling below the expected
 * count; see the README) over all nodes, in the phases named (or all).
 */
@JsonTypeName("flapping")
public record Flapping(@JsonProperty(required = true) int atMost, List<String> phases) implements Criterion {

    @Override
    public String describe() {
        return "flapping events (drops below the expected instance count) at most " + atMost
                + PhaseSelection.of(phases).describe();
    }

    @Override
    public Verdict judge(RunSummary run) {
        int drops = PhaseSelection.of(phases).of(run).stream()
                .flatMap(p -> p.nodes().stream()).mapToInt(NodeSummary::drops).sum();
        return new Verdict(describe(), drops <= atMost, drops + " drops");
    }
}
