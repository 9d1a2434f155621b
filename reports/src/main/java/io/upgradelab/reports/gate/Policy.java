package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.html.RunTimeline;
import java.util.ArrayList;
import java.util.List;

/**
 * An upgrade gate: the criteria a run must meet to pass. A run that did not complete (failed,
 * aborted) fails the gate whatever its figures: that is the first verdict; unless it stopped on the
 * lab's own limit or was interrupted, which leaves it inconclusive ({@link Evidence#completion}).
 *
 * @param name     shown as the JUnit test suite's name
 * @param criteria judged in order, all of them (a failure does not hide the rest); those the policy marks
 *                 {@code dryRun: true} are held as {@link DryRun}: judged, never deciding
 */
public record Policy(String name, List<Criterion> criteria) {

    /** The verdicts on {@code run}, the criteria that compare doing so with {@code baseline} (null: none). */
    public List<Verdict> judge(RunSummary run, RunSummary baseline) {
        return judge(run, null, baseline, null);
    }

    /**
     * The verdicts on {@code run}, the criteria that compare doing so with {@code baseline} (null: none), those
     * that read samples from the runs' timelines (null: not at hand, which leaves them inconclusive).
     */
    public List<Verdict> judge(RunSummary run, RunTimeline timeline, RunSummary baseline,
                               RunTimeline baselineTimeline) {
        return judge(new Subject(run, timeline, baseline, baselineTimeline, null));
    }

    /** The verdicts on {@code subject}: its run's completion first, then each criterion's. */
    public List<Verdict> judge(Subject subject) {
        RunSummary run = subject.run();
        List<Verdict> verdicts = new ArrayList<>();
        verdicts.add(Evidence.completion(run).over(run.seconds()).about(Verdict.COMPLETION, List.of()));
        criteria.forEach(c -> verdicts.add(c.judge(subject).over(c.seconds(run)).about(c.kind(), c.judgedPhases(run))));
        return verdicts;
    }

    /** Whether a criterion compares with a baseline run. */
    /** What to say when a policy that {@link #needsBaseline} is given no baseline run, before how to give one. */
    public static final String BASELINE_NEEDED = "the policy compares with a baseline run (cpuAgainstBaseline, baseline)";

    public boolean needsBaseline() {
        return criteria.stream().anyMatch(Criterion::needsBaseline);
    }

    /** Whether a criterion judges from the runs' samples (their timelines), not from their summaries alone. */
    public boolean readsSamples() {
        return criteria.stream().anyMatch(Criterion::readsSamples);
    }

    /** Whether a criterion checks the registry's promises, so the gate reads the run's registry log. */
    public boolean readsRegistry() {
        return criteria.stream().anyMatch(Criterion::readsRegistry);
    }
}
