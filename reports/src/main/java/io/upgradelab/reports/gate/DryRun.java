package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import java.util.List;

/**
 * A criterion the policy marks {@code dryRun: true}: judged and reported like any other (the gate's
 * lines, its JSON, the JUnit XML as a skipped test with the status it would have had, the reports'
 * banner), but never deciding the gate's status nor its exit code. Why: a new criterion, or a tighter
 * threshold, is best watched on real runs before it may stop a pipeline, as Argo Rollouts' dry-run
 * metrics are; a policy that could only judge or ignore would make each new check a gamble. Not a kind
 * (no {@code JsonTypeName}): any kind may be a dry run ({@link PolicyFile} wraps it).
 *
 * @param criterion the criterion judged
 */
record DryRun(Criterion criterion) implements Criterion {

    @Override
    public String describe() {
        return criterion.describe();
    }

    @Override
    public Verdict judge(Subject subject) {
        return criterion.judge(subject).dry();
    }

    @Override
    public String kind() {
        return criterion.kind();
    }

    @Override
    public List<Integer> judgedPhases(RunSummary run) {
        return criterion.judgedPhases(run);
    }

    @Override
    public boolean readsSamples() {
        return criterion.readsSamples();
    }

    @Override
    public boolean readsRegistry() {
        return criterion.readsRegistry();
    }

    @Override
    public double seconds(RunSummary run) {
        return criterion.seconds(run);
    }

    @Override
    public boolean needsBaseline() {
        return criterion.needsBaseline();
    }
}
