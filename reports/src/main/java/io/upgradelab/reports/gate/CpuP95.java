package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Optional;

/**
 * Every node's CPU p95 (% of one core, over a phase's samples) at most {@code atMostPercent} in each of
 * the phases named (or every phase); the figure names the highest node and phase. A phase where a node
 * has fewer than {@value Evidence#MIN_NODE_SAMPLES} CPU samples is not judged: CPU never sampled is not
 * 0% ({@link Evidence#cpuSamples}). A p95 that is not a number is the highest: it fails, never drops out.
 */
@JsonTypeName("cpuP95")
public record CpuP95(@JsonProperty(required = true) double atMostPercent, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "CPU p95 per node at most " + atMostPercent + "%" + where();
    }

    @Override
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.cpuSamples(phase);
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        double worst = -1;
        String where = "";
        for (PhaseSummary phase : judged) {
            for (NodeSummary node : phase.nodes()) {
                if (Figures.worseThan(node.p95CpuPercent(), worst)) {
                    worst = node.p95CpuPercent();
                    where = "node " + node.node() + " in phase " + phase.index();
                }
            }
        }
        return new Verdict(describe(), worst <= atMostPercent, "highest " + worst + "% (" + where + ")"
                + (Double.isNaN(worst) ? ": not a number, which never passes" : ""));
    }
}
