package io.upgradelab.runner.observe.signs;

import io.upgradelab.journal.UpgradeSample;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A node's double write is on again after it was off earlier in the run: the 1.x clients then
 * register again and again and the counts climb (alibaba/nacos #8970). Holds for the node from then on.
 */
final class DoubleWriteBackOn implements StateRule {

    private final Set<Integer> wereOff = new HashSet<>();

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        Map<Integer, String> holding = new TreeMap<>();
        for (UpgradeSample u : state.upgrades().values()) {
            if (!u.doubleWrite()) {
                wereOff.add(u.node());
            } else if (wereOff.contains(u.node())) {
                holding.put(u.node(), "node " + u.node() + " double-writes again after its double write was off");
            }
        }
        return holding;
    }
}
