package io.upgradelab.runner.observe.signs;

import java.util.Map;

/**
 * One condition of a cluster's state that a failure shows as (a {@link StateSign}'s rule). One rule
 * per class; the sign's bound and its journalling are the ledger's, not the rule's.
 */
interface StateRule {

    /**
     * The nodes the condition holds for in this round, each with what shows it, e.g. {@code
     * "readyToUpgrade false on node 1, true on node 3"}; empty when it holds for none. Called once a
     * round, in order: a rule may remember earlier rounds.
     */
    Map<Integer, String> holding(ClusterState state);
}
