package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Optional;

/**
 * A criterion judged over some of a run's phases ({@code phases}: numbers or kinds; none means
 * all). The selection is made, and refused when a name matches no phase, in one place: here. So is
 * the split of the phases selected into those the criterion can judge and those it cannot
 * ({@link Evidence}: load not valid, too little evidence, not reached): it judges the first, FAILs when
 * they fail, and is INCONCLUSIVE, naming each phase and why, when they pass but others could not be
 * judged.
 */
interface PhaseCriterion extends Criterion {

    /** The phases named in the policy, or null for all. */
    List<String> phases();

    /** The verdict on the phases it can judge (never empty). */
    Verdict judge(RunSummary run, List<PhaseSummary> judged);

    /** The verdict on the phases it can judge, where the criterion compares with a baseline run (null: none). */
    default Verdict judge(RunSummary run, RunSummary baseline, List<PhaseSummary> judged) {
        return judge(run, judged);
    }

    /**
     * The verdict on the phases it can judge, where the criterion reads more of the subject than the
     * summaries (its samples, for an interval: {@link CpuP95}).
     */
    default Verdict judge(Subject subject, List<PhaseSummary> judged) {
        return judge(subject.run(), subject.baseline(), judged);
    }

    /**
     * Why {@code phase} holds too little of this criterion's evidence to judge (e.g. no probe call ended
     * in it); empty when it holds enough. Its load is checked apart ({@link #notJudged(RunSummary, PhaseSummary)}).
     */
    default Optional<String> thin(PhaseSummary phase) {
        return Optional.empty();
    }

    /**
     * Why {@code phase} of {@code run} holds too little of this criterion's evidence to judge, where that
     * depends on the run as well as the phase (e.g. failure signs watched only from a later phase on);
     * {@link #thin(PhaseSummary)} unless a criterion says more.
     */
    default Optional<String> thin(RunSummary run, PhaseSummary phase) {
        return thin(phase);
    }

    /** Why {@code phase} cannot be judged: its load was not valid, or its evidence is thin; empty when it can. */
    default Optional<String> notJudged(RunSummary run, PhaseSummary phase) {
        return Evidence.load(phase).or(() -> thin(run, phase));
    }

    @Override
    default Verdict judge(Subject subject) {
        RunSummary run = subject.run();
        RunSummary baseline = subject.baseline();
        PhaseSelection selection = PhaseSelection.of(phases());
        Verdict refused = selection.refusal(describe(), run);
        if (refused != null) {
            return refused;
        }
        PhaseSelection.Split split = selection.split(run, phase -> notJudged(run, phase),
                phases -> measuredThere(subject, phases));
        if (split.judged().isEmpty()) {
            return Verdict.inconclusive(describe(), split.notJudged());
        }
        Verdict verdict = judge(subject, split.judged());
        if (split.whys().isEmpty()) {
            return verdict;
        }
        return verdict.failed() ? verdict.noting(split.notJudged()) : verdict.inconclusiveBecause(split.notJudged());
    }

    /**
     * " (there: 201 no-provider errors)": what this criterion would have measured in {@code phases}, left
     * out for their load alone, so a reader sees the figure that did not count; "" when they also hold too
     * little evidence (there is no figure to show).
     */
    private String measuredThere(Subject subject, List<PhaseSummary> phases) {
        if (phases.stream().anyMatch(p -> thin(subject.run(), p).isPresent())) {
            return "";
        }
        return " (there: " + judge(subject, phases).measured() + ")";
    }

    /** The time of the phases it judges; 0 when it selects none. */
    @Override
    default double seconds(RunSummary run) {
        return PhaseSelection.of(phases()).seconds(run);
    }

    @Override
    default List<Integer> judgedPhases(RunSummary run) {
        return PhaseSelection.of(phases()).of(run).stream().map(PhaseSummary::index).toList();
    }

    /** " in phases 9, 13" / " in every phase", for {@link #describe} of a criterion that judges each phase. */
    default String where() {
        return PhaseSelection.of(phases()).describe();
    }

    /** " over phases 9, 13" / " over all phases", for {@link #describe} of one that counts over them together. */
    default String together() {
        return PhaseSelection.of(phases()).describeTogether();
    }
}
