package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The probe's calls succeeded at least {@code atLeastPercent} % of the time in each of the phases named
 * (or every phase), judged phase by phase: long healthy phases must not dilute one at 75%. The figure
 * names the worst phase. A phase where no probe call ended, or whose probe seconds are missing, is not
 * judged ({@link Evidence#probe}).
 */
@JsonTypeName("probeSuccess")
public record ProbeSuccess(@JsonProperty(required = true) double atLeastPercent, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "probe success at least " + atLeastPercent + "%" + where();
    }

    @Override
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.probe(phase);
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        PhaseSummary worst = judged.stream().min(Comparator.comparingDouble(ProbeSuccess::rate)).orElseThrow();
        List<PhaseSummary> under = judged.stream().filter(p -> !met(p.probe())).toList();
        CallCounts all = judged.stream().map(PhaseSummary::probe).reduce(CallCounts.NONE, CallCounts::plus);
        Measure lowest = Measure.successRate(worst.probe().success(), worst.probe().ended(),
                Bound.atLeast(atLeastPercent, "at least " + atLeastPercent + " %"), "calls in phase " + worst.index() + ", the lowest");
        if (!under.isEmpty()) {
            return Verdict.of(describe(), false, lowest, "under " + atLeastPercent + "% in "
                    + PhaseSelection.numbers(under.stream().map(PhaseSummary::index).toList()));
        }
        return Verdict.of(describe(), true, lowest, all.successPercent() + "% of " + all.ended() + " calls in "
                + judged.size() + " phase(s)");
    }

    /** Whether the calls succeeded often enough, compared exactly rather than on the rounded percentage. */
    private boolean met(CallCounts calls) {
        return 100.0 * calls.success() >= atLeastPercent * calls.ended();
    }

    private static double rate(PhaseSummary phase) {
        return (double) phase.probe().success() / phase.probe().ended();
    }
}
