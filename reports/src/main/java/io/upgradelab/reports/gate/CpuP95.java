package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/** Every node's CPU p95 (% of one core, over a phase's samples) at most {@code atMostPercent} in the phases named (or all). */
@JsonTypeName("cpuP95")
public record CpuP95(@JsonProperty(required = true) double atMostPercent, List<String> phases) implements Criterion {

    @Override
    public String describe() {
        return "CPU p95 per node at most " + atMostPercent + "%" + PhaseSelection.of(phases).describe();
    }

    @Override
    public Verdict judge(RunSummary run) {
        double worst = 0;
        String where = "no samples";
        for (PhaseSummary phase : PhaseSelection.of(phases).of(run)) {
            for (NodeSummary node : phase.nodes()) {
                if (node.p95CpuPercent() >= worst) {
                    worst = node.p95CpuPercent();
                    where = "node " + node.node() + " in phase " + phase.index();
                }
            }
        }
        return new Verdict(describe(), worst <= atMostPercent, "highest " + worst + "% (" + where + ")");
    }
}
