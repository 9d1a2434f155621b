package io.upgradelab.runner.observe.signs;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Nodes in 1.x-compatible mode disagree on {@code readyToUpgrade}: some passed their own check for
 * the switch to 2.x mode, others did not, so the cluster waits for the laggards ("upgrade check result
 * false" forever: alibaba/nacos #5638, #10293). Holds for each node that says false.
 */
final class ReadyToUpgradeDisagrees implements StateRule {

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        List<Integer> ready = state.readyToUpgrade().entrySet().stream().filter(Map.Entry::getValue)
                .map(Map.Entry::getKey).toList();
        List<Integer> notReady = state.readyToUpgrade().entrySet().stream().filter(e -> !e.getValue())
                .map(Map.Entry::getKey).toList();
        Map<Integer, String> holding = new TreeMap<>();
        if (!ready.isEmpty()) {
            notReady.forEach(node -> holding.put(node, "readyToUpgrade false on node " + node + ", true on node "
                    + ClusterState.numbers(ready)));
        }
        return holding;
    }
}
