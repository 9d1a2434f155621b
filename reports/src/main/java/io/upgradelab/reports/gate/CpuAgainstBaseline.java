package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The cluster's mean CPU in each phase named (or every phase) at most {@code atMostRatio} times the
 * same phase's in a baseline run (the gate's {@code --baseline}): "after" against "before", so an
 * upgrade that costs more server CPU than the release it replaces fails even when it stays under an
 * absolute limit. A phase with too few CPU samples ({@link Evidence#cpuSamples}), without a counterpart
 * in the baseline, or whose counterpart's load was not valid or holds no CPU sample, has nothing
 * trustworthy to compare: it leaves the verdict inconclusive unless another phase fails.
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
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.cpuSamples(phase);
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        return Verdict.inconclusive(describe(), "no baseline run to compare with (give the gate --baseline RUN_DIR)");
    }

    @Override
    public Verdict judge(RunSummary run, RunSummary baseline, List<PhaseSummary> judged) {
        if (baseline == null) {
            return judge(run, judged);
        }
        double worst = Double.NEGATIVE_INFINITY;
        String measured = "";
        List<String> uncompared = new ArrayList<>();
        for (PhaseSummary after : judged) {
            PhaseSummary before = RunComparison.counterpart(after, baseline);
            String why = before == null ? "no counterpart in the baseline run"
                    : Evidence.load(before).map(l -> "the baseline's " + l).orElse(null);
            double ratio = before == null ? Double.NaN
                    : RunComparison.clusterMeanCpu(after) / RunComparison.clusterMeanCpu(before);
            if (why == null && Double.isNaN(ratio) && !broken(after) && !broken(before)) {
                why = "no CPU sample in one of the runs";
            }
            if (why != null) {
                uncompared.add("phase " + after.index() + " (" + after.kind() + "): " + why);
            } else if (Figures.worseThan(ratio, worst)) {
                worst = ratio;
                measured = String.format(Locale.ROOT, "highest x%.2f (phase %d: %.1f%% against %.1f%%)", ratio,
                        after.index(), RunComparison.clusterMeanCpu(after), RunComparison.clusterMeanCpu(before));
            }
        }
        String not = uncompared.isEmpty() ? "" : "not compared: " + String.join("; ", uncompared);
        if (measured.isEmpty() && !Double.isNaN(worst)) {
            return Verdict.inconclusive(describe(), not);
        }
        Verdict compared = Verdict.of(describe(), !(Double.isNaN(worst) || worst > atMostRatio),
                Measure.withoutInterval(worst, "x", Bound.atMost(atMostRatio, "at most x" + atMostRatio), judged.size() - uncompared.size(),
                        "phases compared", "one cluster mean a side"), measured);
        if (compared.failed()) {
            return compared.noting(not);
        }
        return uncompared.isEmpty() ? compared : compared.inconclusiveBecause(not);
    }

    /**
     * Whether {@code phase}'s cluster mean CPU is NaN though a node has CPU samples: a broken figure, which
     * fails (the worst of all), not a missing one, which leaves the phase uncompared.
     */
    private static boolean broken(PhaseSummary phase) {
        return phase.nodes().stream().anyMatch(n -> n.cpuSamples() > 0) && Double.isNaN(RunComparison.clusterMeanCpu(phase));
    }
}
