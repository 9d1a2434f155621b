package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.upgradelab.reports.RunSummary;

/**
 * One thing an upgrade must show to pass, judged on a run's summary. Adding a criterion is adding
 * a record here, named by its {@code kind} in policy files, and listing it below.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(ProbeSuccess.class),
        @JsonSubTypes.Type(NoProviderErrors.class),
        @JsonSubTypes.Type(Flapping.class),
        @JsonSubTypes.Type(CpuP95.class),
        @JsonSubTypes.Type(InstanceLossAtEnd.class),
        @JsonSubTypes.Type(UpgradeWithin.class),
        @JsonSubTypes.Type(CpuAgainstBaseline.class),
        @JsonSubTypes.Type(LoadValid.class)})
public interface Criterion {

    /** What it asks, as a person reads it (the JUnit test case's name). */
    String describe();

    /** Whether {@code run} meets it, with the figure measured. */
    Verdict judge(RunSummary run);

    /** Whether {@code run} meets it, compared with {@code baseline} where it compares (null: no baseline given). */
    default Verdict judge(RunSummary run, RunSummary baseline) {
        return judge(run);
    }

    /** Whether it compares with a baseline run, so a gate without one is refused up front. */
    default boolean needsBaseline() {
        return false;
    }
}
