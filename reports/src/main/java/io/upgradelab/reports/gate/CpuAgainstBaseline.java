package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Locale;

/**
 * The cluster's mean CPU in each phase named (or all) at most {@code atMostRatio} times the same
 * phase's in a baseline run (the gate's {@code --baseline}): "after" against "before", so an upgrade
 * that costs more server CPU than the release it replaces fails even when it stays under an
 * absolute limit. A phase without a counterpart in the baseline fails: there is nothing to compare.
 */
@JsonTypeName("cpuAgainstBaseline")
public record CpuAgainstBaseline(@JsonProperty(required = true) double atMostRatio, List<String> phases)
        implements PhaseCriterion {

    @Override
    public String describe() {
        return "cluster mean CPU at most " + atMostRatio + " x the baseline's" + where();
    }

    @Override
    public boolean needsBaseline() {
        return true;
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        return new Verdict(describe(), false, "no baseline run to compare with (give the gate --baseline RUN_DIR)");
    }

    @Override
    public Verdict judge(RunSummary run, RunSummary baseline, List<PhaseSummary> selected) {
        if (baseline == null) {
            return judge(run, selected);
        }
        double worst = Double.NEGATIVE_INFINITY;
        String measured = "";
        for (PhaseSummary after : selected) {
            PhaseSummary before = RunComparison.counterpart(after, baseline);
            if (before == null) {
                return new Verdict(describe(), false, "phase " + after.index() + " (" + after.kind()
                        + ") has no counterpart in the baseline run");
            }
            double ratio = RunComparison.clusterMeanCpu(after) / RunComparison.clusterMeanCpu(before);
            if (Double.isNaN(ratio)) {
                return new Verdict(describe(), false, "phase " + after.index() + " has no CPU sample in one of the runs");
            }
            if (ratio > worst) {
                worst = ratio;
                measured = String.format(Locale.ROOT, "highest x%.2f (phase %d: %.1f%% against %.1f%%)", ratio,
                        after.index(), RunComparison.clusterMeanCpu(after), RunComparison.clusterMeanCpu(before));
            }
        }
        return new Verdict(describe(), worst <= atMostRatio, measured);
    }
}
