package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.List;

/**
 * Configs stored under both namespace {@code ''} and {@code public}: a 3.x node's first start copies
 * {@code ''} to {@code public} and refuses to start when the same config is in both ("[migrate]
 * config_info namespace migrate pre check failed", alibaba/nacos #13488, #14081, #15870). Read from the
 * database, where both copies are rows; the nodes' APIs fold {@code public} into {@code ''}.
 */
final class NamespaceDuplicates implements PreflightCheck {

    private static final List<String> ISSUES = List.of("alibaba/nacos#13488", "alibaba/nacos#14081",
            "alibaba/nacos#15870");
    private static final int NAMED = 10;

    @Override
    public String name() {
        return "namespaceDuplicates";
    }

    @Override
    public int order() {
        return 30;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        if (!NacosVersions.isThreeX(facts.to()) || facts.versions().stream().allMatch(NacosVersions::isThreeX)) {
            return List.of(Finding.ok(name(), "no namespace migration on the way to " + facts.to()
                    + " (3.0's first start runs it)"));
        }
        if (facts.namespaceDuplicates().value().isEmpty()) {
            return notChecked(facts.namespaceDuplicates(), ISSUES);
        }
        List<String> duplicates = facts.namespaceDuplicates().value().get();
        if (duplicates.isEmpty()) {
            return List.of(Finding.ok(name(), "no config is stored under both namespace '' and 'public'"));
        }
        return List.of(new Finding(name(), Level.blocked, duplicates.size() + " config(s) stored under both namespace ''"
                + " and 'public' (" + String.join(", ", duplicates.subList(0, Math.min(NAMED, duplicates.size())))
                + (duplicates.size() > NAMED ? ", ..." : "") + "): a " + facts.to() + " node's namespace pre-check"
                + " fails and it does not start; keep one copy of each", ISSUES));
    }
}
