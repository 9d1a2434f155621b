package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/** Every node's CPU p95 (% of one core, over a phase's samples) at most {@code atMostPercent} in the phases named (or all). */
@JsonTypeName("cpuP95")
public record CpuP95(@JsonProperty(required = true) double atMostPercent, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "CPU p95 per node at most " + atMostPercent + "%" + where();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        double worst = -1;
        String where = "";
        for (PhaseSummary phase : selected) {
            for (NodeSummary node : phase.nodes()) {
                if (node.cpuSamples() > 0 && node.p95CpuPercent() > worst) {
                    worst = node.p95CpuPercent();
                    where = "node " + node.node() + " in phase " + phase.index();
                }
            }
        }
        if (worst < 0) {
            return new Verdict(describe(), false, "no CPU sample of any node in them");
        }
        return new Verdict(describe(), worst <= atMostPercent, "highest " + worst + "% (" + where + ")");
    }
}
