package io.upgradelab.runner.observe;

import java.util.List;

/** Every observer a run uses, in the order they sample. */
public final class Observers {

    private Observers() {
    }

    public static List<Observer> all() {
        return List.of(new NodeCounts(), new UpgradeStatus(), new NodeResourceUse(), new FleetSeries(), new MachineCpu(),
                new ProbeSeries());
    }
}
