package io.upgradelab.runner.observe.signs;

import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.journal.UpgradeSample;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster as the state rules see it in one round: gathered once for all of them, asking the
 * nodes only what some rule needs in that round.
 *
 * @param nodes          every node, with the version it runs and its state
 * @param reachable      the nodes that answered this round's instance count
 * @param upgrades       per 2.0/2.1 node that answered, its upgrade status
 * @param readyToUpgrade per node in 1.x-compatible mode, whether it passed its own check for the
 *                       switch to 2.x mode (as it says of itself); asked only while a node is in that mode
 * @param grpcOpen       per 2.x node that is up and answers HTTP, whether its gRPC port for clients accepts
 *                       a connection
 * @param unready        per 2.x or 3.x node that is up and answered its readiness check with a failure,
 *                       what it said
 */
record ClusterState(List<NodeStatus> nodes, Set<Integer> reachable, Map<Integer, UpgradeSample> upgrades,
                    Map<Integer, Boolean> readyToUpgrade, Map<Integer, Boolean> grpcOpen, Map<Integer, String> unready) {

    ClusterState {
        nodes = List.copyOf(nodes);
        reachable = Set.copyOf(reachable);
        upgrades = Map.copyOf(upgrades);
        readyToUpgrade = Map.copyOf(readyToUpgrade);
        grpcOpen = Map.copyOf(grpcOpen);
        unready = Map.copyOf(unready);
    }

    /** "1, 3": node numbers as messages list them. */
    static String numbers(java.util.Collection<Integer> nodes) {
        return String.join(", ", nodes.stream().sorted().map(String::valueOf).toList());
    }
}
