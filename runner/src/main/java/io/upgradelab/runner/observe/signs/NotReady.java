package io.upgradelab.runner.observe.signs;

import java.util.Map;
import java.util.TreeMap;

/**
 * A node that is up and answers, but fails its own readiness check: a module still loading, or no
 * raft leader ("naming not in readiness" with raft peers timing out, alibaba/nacos #13976; "No leader
 * for raft", #12504). Load balancers and Kubernetes send it no traffic, so a rollout waiting on it stalls.
 */
final class NotReady implements StateRule {

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        Map<Integer, String> holding = new TreeMap<>();
        state.unready().forEach((node, said) -> holding.put(node, "node " + node
                + " answers, but fails its readiness check: " + said));
        return holding;
    }
}
