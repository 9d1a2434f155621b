package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.nacos.UpgradePath;
import java.util.List;
import java.util.Optional;

/**
 * Whether the cluster has room for the double write of a 1.x to 2.0/2.1 upgrade: a mixed cluster writes
 * both the v1 and the v2 model of every instance. The published reference run had to scale its 14000
 * providers back to 6000 before upgrading (its 1.x frontier lay between 10000 and 14000). Judged against the
 * frontier {@code upgrade-lab calibrate} measured for the 1.x version with 1.x clients: above it blocked,
 * above {@link #HEADROOM} of it at risk.
 */
final class DoubleWriteCapacity implements PreflightCheck {

    /** The share of the frontier the published run upgraded at (6000 of 10000-14000). */
    static final double HEADROOM = 0.6;
    private static final List<String> SOURCES = List.of("Nacos 1.x to 2.x upgrade manual: double write",
            "docs/runs/calibration");

    @Override
    public String name() {
        return "doubleWriteCapacity";
    }

    @Override
    public int order() {
        return 70;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        Optional<String> oneX = facts.versions().stream()
                .filter(v -> new UpgradePath(v, facts.to()).awaitsUpgraded()).findFirst();
        if (oneX.isEmpty()) {
            return List.of(Finding.ok(name(), "no double write on the way to " + facts.to()));
        }
        if (facts.frontiers().value().isEmpty()) {
            return notChecked(facts.frontiers(), SOURCES);
        }
        Optional<Frontier> pair = facts.frontiers().value().get().stream().filter(f -> f.server().equals(oneX.get())
                && ClientVersions.isOneX(f.clients())).findFirst();
        if (pair.isEmpty() || pair.get().frontier() == 0) {
            return List.of(new Finding(name(), Level.atRisk, "not checked: the calibration has no frontier for "
                    + oneX.get() + " with 1.x clients", SOURCES));
        }
        int frontier = pair.get().frontier();
        int instances = facts.instances();
        String figures = instances + " instances against a frontier of " + frontier + " measured for " + oneX.get()
                + " with 1.x clients (" + pair.get().measuredBy() + ")";
        if (instances > frontier) {
            return List.of(new Finding(name(), Level.blocked, figures + ": more than the cluster held stable before the"
                    + " double write; scale down to " + (int) (frontier * HEADROOM) + " or fewer first", SOURCES));
        }
        if (instances > frontier * HEADROOM) {
            return List.of(new Finding(name(), Level.atRisk, figures + ": above " + Math.round(HEADROOM * 100)
                    + "% of it, where the published run scaled down before upgrading", SOURCES));
        }
        return List.of(Finding.ok(name(), figures));
    }
}
