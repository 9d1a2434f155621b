package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight;
import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.kinds.Kinds;
import java.util.Comparator;
import java.util.List;

/** Every check ({@link Kinds}), in their order, over one reading of the cluster. */
public final class Preflights {

    private Preflights() {
    }

    public static List<PreflightCheck> all() {
        return Kinds.instances(PreflightCheck.class).stream()
                .sorted(Comparator.comparingInt(PreflightCheck::order).thenComparing(PreflightCheck::name)).toList();
    }

    /** What every check finds in {@code facts}. */
    public static Preflight judge(ClusterFacts facts) {
        List<Finding> findings = all().stream().flatMap(check -> check.check(facts).stream()).toList();
        return new Preflight(facts.to(), facts.nodes().stream().map(ClusterFacts.Node::version).toList(), findings);
    }
}
