package io.upgradelab.runner.observe.signs;

import io.upgradelab.journal.UpgradeSample;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A node that served in 2.x mode earlier in the run reports {@code upgraded=false} again: after a
 * restart with double write off it started in 1.x mode, where it deletes the 2.x clients' services
 * (alibaba/nacos #5775). Holds for the node from then on.
 */
final class UpgradedLost implements StateRule {

    private final Set<Integer> wereUpgraded = new HashSet<>();

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        Map<Integer, String> holding = new TreeMap<>();
        for (UpgradeSample u : state.upgrades().values()) {
            if (u.upgraded()) {
                wereUpgraded.add(u.node());
            } else if (wereUpgraded.contains(u.node())) {
                holding.put(u.node(), "node " + u.node() + " reports upgraded=false after it had served in 2.x mode"
                        + (u.doubleWrite() ? "" : ", with double write off"));
            }
        }
        return holding;
    }
}
