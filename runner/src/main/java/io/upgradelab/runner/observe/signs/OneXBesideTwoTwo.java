package io.upgradelab.runner.observe.signs;

import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node of 2.2 or later in one cluster with a 1.x node: from 2.2 Nacos has no 1.x-compatible mode
 * (no double write, no upgrade check), so a direct 1.x upgrade loses every service once the last 1.x
 * node goes (alibaba/nacos #9815, #11420). Holds for each such newer node.
 */
final class OneXBesideTwoTwo implements StateRule {

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        List<Integer> oneX = state.nodes().stream().filter(n -> NacosVersions.isOneX(n.version()))
                .map(NodeStatus::number).toList();
        Map<Integer, String> holding = new TreeMap<>();
        if (!oneX.isEmpty()) {
            state.nodes().stream().filter(n -> withoutCompatibilityMode(n.version())).forEach(n -> holding.put(
                    n.number(), "node " + n.number() + " runs " + n.version() + " beside 1.x on node "
                            + ClusterState.numbers(oneX) + ": no 1.x-compatible mode from 2.2 on"));
        }
        return holding;
    }

    /** 2.2 and later: 2.x versions without 2.0's 1.x-compatible mode. */
    private static boolean withoutCompatibilityMode(String version) {
        return !NacosVersions.isOneX(version) && !NacosVersions.hasCompatibilityMode(version);
    }
}
