package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import java.util.List;

/**
 * At most {@code atMost} flapping events (a node's instance count falling below the expected
 * count, or below it from the phase's start; see the README) over all nodes, in the phases named
 * (or all).
 */
@JsonTypeName("flapping")
public record Flapping(@JsonProperty(required = true) int atMost, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "flapping events (falls below the expected instance count) at most " + atMost
                + where();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        int samples = selected.stream().flatMap(p -> p.nodes().stream()).mapToInt(NodeSummary::samples).sum();
        if (samples == 0) {
            return new Verdict(describe(), false, "no node answered an instance-count sample in them: nothing measured");
        }
        int events = selected.stream()
                .flatMap(p -> p.nodes().stream()).mapToInt(NodeSummary::flappingEvents).sum();
        return new Verdict(describe(), events <= atMost, events + " flapping events");
    }
}
