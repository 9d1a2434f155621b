package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight;
import io.upgradelab.journal.Preflight.Finding;
import java.util.List;

/**
 * One thing a cluster may trip on in an upgrade, judged from what was read of it ({@link ClusterFacts}):
 * one class per check, found by the build ({@link io.upgradelab.kinds.Kinds}), so adding a check is
 * writing its class and its test. A check that does not apply to the path says ok and why; one whose
 * source could not be read says at risk and what it could not read.
 */
public interface PreflightCheck {

    /** Its name in findings and JSON, e.g. {@code namespaceDuplicates}. */
    String name();

    /** Where checks are listed: smaller first. */
    default int order() {
        return 50;
    }

    /** What it found: at least one finding. */
    List<Finding> check(ClusterFacts facts);

    /** The finding of a check whose source was not read: at risk, saying why, never ok. */
    default List<Finding> notChecked(ClusterFacts.Read<?> source, List<String> references) {
        return List.of(new Finding(name(), Preflight.Level.atRisk, "not checked: " + source.unavailable(), references));
    }
}
