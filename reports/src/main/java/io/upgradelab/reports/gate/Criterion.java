package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.html.RunTimeline;

/**
 * One thing an upgrade must show to pass, judged on a run's summary. Adding a criterion is writing
 * its record here, named by its {@code JsonTypeName} ({@code kind} in policy files): the policy reader
 * and {@code gate --help} find it ({@link io.upgradelab.kinds.Kinds}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public interface Criterion {

    /** What it asks, as a person reads it (the JUnit test case's name). */
    String describe();

    /** Whether {@code run} meets it, with the figure measured. */
    Verdict judge(RunSummary run);

    /** Whether {@code run} meets it, compared with {@code baseline} where it compares (null: no baseline given). */
    default Verdict judge(RunSummary run, RunSummary baseline) {
        return judge(run);
    }

    /**
     * Whether {@code run} meets it, compared with {@code baseline} where it compares, from the runs' samples
     * where it reads them ({@code timeline}, {@code baselineTimeline}: null when not at hand). Most criteria
     * judge the summaries alone; one that judges samples says so ({@link #readsSamples()}), so the gate reads
     * the timelines only for it.
     */
    default Verdict judge(RunSummary run, RunTimeline timeline, RunSummary baseline, RunTimeline baselineTimeline) {
        return judge(run, baseline);
    }

    /** Whether it judges from the runs' samples ({@link RunTimeline}), not from their summaries alone. */
    default boolean readsSamples() {
        return false;
    }

    /**
     * How much of {@code run} it judges, in seconds: the whole run unless it looks at some phases
     * only. The JUnit test case's time.
     */
    default double seconds(RunSummary run) {
        return run.seconds();
    }

    /** Whether it compares with a baseline run, so a gate without one is refused up front. */
    default boolean needsBaseline() {
        return false;
    }
}
