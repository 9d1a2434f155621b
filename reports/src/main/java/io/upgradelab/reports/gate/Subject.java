package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.check.RegistryEvidence;
import io.upgradelab.reports.html.RunTimeline;

/**
 * What a criterion judges, in one value: the run's summary and, where the gate has them, the run's
 * samples and a baseline run's summary and samples. One argument, so that a criterion reads what it
 * needs, and a wrapper ({@link DryRun}) passes it on whole, whatever a later criterion comes to read.
 *
 * @param run              the run judged
 * @param timeline         its samples; null when not read (the gate reads them only for a criterion that
 *                         judges from them, {@link Criterion#readsSamples()}, and has a baseline's too)
 * @param baseline         the baseline run's summary; null when the gate has no {@code --baseline}
 * @param baselineTimeline the baseline run's samples; null when not read
 * @param registry         what the run recorded of the registry's behaviour; null when not read (the gate reads
 *                         it only for a criterion that checks the registry's promises, {@link Criterion#readsRegistry()})
 */
public record Subject(RunSummary run, RunTimeline timeline, RunSummary baseline, RunTimeline baselineTimeline,
                      RegistryEvidence registry) {

    /** {@code run} alone: no baseline, no samples, no registry evidence. */
    public static Subject of(RunSummary run) {
        return new Subject(run, null, null, null, null);
    }
}
