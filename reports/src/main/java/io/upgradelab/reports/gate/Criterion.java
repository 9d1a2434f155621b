package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import java.util.List;

/**
 * One thing an upgrade must show to pass, judged on a run's summary. Adding a criterion is writing
 * its record here, named by its {@code JsonTypeName} ({@code kind} in policy files): the policy reader
 * and {@code gate --help} find it ({@link io.upgradelab.kinds.Kinds}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public interface Criterion {

    /** What it asks, as a person reads it (the JUnit test case's name). */
    String describe();

    /**
     * Whether the subject's run meets it, with the figure measured: compared with the baseline run where
     * it compares, from the runs' samples where it reads them. Most criteria judge the run's summary
     * alone; one that judges samples says so ({@link #readsSamples()}), so the gate reads them only for it.
     */
    Verdict judge(Subject subject);

    /** Whether {@code run} alone (no baseline, no samples) meets it. */
    default Verdict judge(RunSummary run) {
        return judge(Subject.of(run));
    }

    /** Whether it judges from the runs' samples ({@link RunTimeline}), not from their summaries alone. */
    default boolean readsSamples() {
        return false;
    }

    /** Whether it checks the registry's promises from the run's registry log ({@link Subject#registry()}). */
    default boolean readsRegistry() {
        return false;
    }

    /**
     * How much of {@code run} it judges, in seconds: the whole run unless it looks at some phases
     * only. The JUnit test case's time.
     */
    default double seconds(RunSummary run) {
        return run.seconds();
    }

    /** Its kind as a policy names it ({@code kind: probeSuccess}): what a pipeline reading the gate's JSON keys on. */
    default String kind() {
        return getClass().getAnnotation(JsonTypeName.class).value();
    }

    /** The phases of {@code run} it looks at, by number; empty when it judges the run as a whole. */
    default List<Integer> judgedPhases(RunSummary run) {
        return List.of();
    }

    /** Whether it compares with a baseline run, so a gate without one is refused up front. */
    default boolean needsBaseline() {
        return false;
    }
}
