package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * An upgrade gate: the criteria a run must meet to pass. A run that did not complete (failed,
 * aborted) fails the gate whatever its figures: that is the first verdict; unless it stopped on the
 * lab's own limit or was interrupted, which leaves it inconclusive ({@link Evidence#completion}).
 *
 * @param name     shown as the JUnit test suite's name
 * @param criteria judged in order, all of them (a failure does not hide the rest)
 */
public record Policy(String name, List<Criterion> criteria) {

    /** The verdicts on {@code run}, the criteria that compare doing so with {@code baseline} (null: none). */
    public List<Verdict> judge(RunSummary run, RunSummary baseline) {
        List<Verdict> verdicts = new ArrayList<>();
        verdicts.add(Evidence.completion(run).over(run.seconds()));
        criteria.forEach(c -> verdicts.add(c.judge(run, baseline).over(c.seconds(run))));
        return verdicts;
    }

    /** Whether a criterion compares with a baseline run. */
    public boolean needsBaseline() {
        return criteria.stream().anyMatch(Criterion::needsBaseline);
    }
}
