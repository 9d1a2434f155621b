package io.upgradelab.runner.phase;

import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.observe.Observations;

/**
 * One node answers and holds at least 99% of the providers the fleet and demo providers have
 * registered: after a restart, it has synced. Used inside the rolling server upgrade only, so it
 * is no condition kind of its own in experiment files.
 */
record NodeHoldsProviders(int node) implements Condition {

    @Override
    public boolean holds(Observations now) {
        return now.nodes().stream().anyMatch(n -> n.node() == node && now.holdsExpected(n, 1));
    }

    @Override
    public String describe() {
        return "node " + node + " holds the registered providers";
    }

    @Override
    public String kind() {
        return "nodeHoldsProviders";
    }
}
