package io.upgradelab.runner.observe.signs;

import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.journal.UpgradeSample;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A node serves in 2.x mode ({@code upgraded=true}) while another does not, or still runs 1.x: it
 * routes and stores as 2.x alone, and the nodes' data part ways (alibaba/nacos #9320). The nodes of a
 * healthy upgrade switch within seconds of each other. Holds for each node already switched.
 */
final class UpgradedAlone implements StateRule {

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        Set<Integer> behind = new TreeSet<>();
        state.nodes().stream().filter(n -> NacosVersions.isOneX(n.version())).map(NodeStatus::number)
                .forEach(behind::add);
        state.upgrades().values().stream().filter(u -> !u.upgraded()).map(UpgradeSample::node).forEach(behind::add);
        Map<Integer, String> holding = new TreeMap<>();
        if (!behind.isEmpty()) {
            state.upgrades().values().stream().filter(UpgradeSample::upgraded).forEach(u -> holding.put(u.node(),
                    "node " + u.node() + " serves in 2.x mode (upgraded=true) while node " + ClusterState.numbers(behind)
                            + " does not"));
        }
        return holding;
    }
}
