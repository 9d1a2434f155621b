package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.UpgradePath;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether Nacos supports going from what the nodes run to the target: 1.x straight to 2.2 or later is not
 * supported (2.2 dropped the 1.x compatibility, alibaba/nacos #9815, #11420), 2.x back to 1.x cannot read
 * what 2.x wrote, and a 2.x downgrade on the same raft data has failed to start ("Fail to init
 * RocksDBLogStorage", #12881). 3.3 no longer migrates the default namespace from {@code ''} to
 * {@code public}: a 2.x cluster must pass through 3.0-3.2 first.
 */
final class UpgradePathCheck implements PreflightCheck {

    @Override
    public String name() {
        return "upgradePath";
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        if (facts.versions().isEmpty()) {
            return List.of(new Finding(name(), Level.atRisk, "not checked: no node answered with its version", List.of()));
        }
        List<Finding> findings = new ArrayList<>();
        String to = facts.to();
        for (String from : facts.versions()) {
            if (from.equals(to)) {
                continue;
            }
            UpgradePath path = new UpgradePath(from, to);
            path.unsupported().ifPresent(why -> findings.add(new Finding(name(), Level.blocked, why,
                    List.of("alibaba/nacos#9815", "alibaba/nacos#11420"))));
            if (path.unsupported().isEmpty() && NacosVersions.ORDER.compare(to, from) < 0) {
                findings.add(new Finding(name(), Level.atRisk, from + " -> " + to + " is a downgrade: on the raft data the"
                        + " newer version wrote, an older node has failed to start (Fail to init RocksDBLogStorage);"
                        + " keep the old distribution and a database backup", List.of("alibaba/nacos#12881")));
            }
            if (!NacosVersions.isThreeX(from) && NacosVersions.ORDER.compare(to, "3.3") >= 0) {
                findings.add(new Finding(name(), Level.blocked, from + " -> " + to + ": 3.3 no longer migrates the"
                        + " default namespace '' to public nor beta/tag configs; go through 3.0-3.2 first or lose"
                        + " those configs", List.of("Nacos 3.3 release notes")));
            }
        }
        if (findings.isEmpty()) {
            findings.add(Finding.ok(name(), String.join(", ", facts.versions().stream().map(v -> v + " -> " + to)
                    .toList()) + ": a path Nacos supports"));
        }
        return findings;
    }
}
