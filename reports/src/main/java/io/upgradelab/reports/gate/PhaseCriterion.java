package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/**
 * A criterion judged over some of a run's phases ({@code phases}: numbers or kinds; none means
 * all). The selection is made, and refused when a name matches no phase, in one place: here.
 */
interface PhaseCriterion extends Criterion {

    /** The phases named in the policy, or null for all. */
    List<String> phases();

    /** The verdict on the phases selected (never empty). */
    Verdict judge(RunSummary run, List<PhaseSummary> selected);

    /** The verdict on the phases selected, where the criterion compares with a baseline run (null: none). */
    default Verdict judge(RunSummary run, RunSummary baseline, List<PhaseSummary> selected) {
        return judge(run, selected);
    }

    @Override
    default Verdict judge(RunSummary run) {
        return judge(run, (RunSummary) null);
    }

    @Override
    default Verdict judge(RunSummary run, RunSummary baseline) {
        PhaseSelection selection = PhaseSelection.of(phases());
        Verdict refused = selection.refusal(describe(), run);
        return refused != null ? refused : judge(run, baseline, selection.of(run));
    }

    /** The time of the phases it judges; 0 when it selects none (and so fails). */
    @Override
    default double seconds(RunSummary run) {
        return PhaseSelection.of(phases()).of(run).stream().mapToDouble(PhaseSummary::seconds).sum();
    }

    /** " in phases 9, 13" / " in every phase", for {@link #describe}. */
    default String where() {
        return PhaseSelection.of(phases()).describe();
    }
}
