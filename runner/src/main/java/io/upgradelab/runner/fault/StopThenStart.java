package io.upgradelab.runner.fault;

import io.upgradelab.journal.FaultEvent;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.phase.RunContext;
import java.time.Duration;

/** The shape a crash and a restart share: stop the node, keep it down for a while, start it again. */
final class StopThenStart {

    private StopThenStart() {
    }

    /** Stops {@code node} by {@code mode}, journals {@code stoppedAction}, waits, starts it and journals "started". */
    static void inject(RunContext run, Fault fault, int node, Duration down, StopMode mode, String stoppedAction)
            throws InterruptedException {
        run.cluster().stopNode(node, mode);
        run.record(new FaultEvent(fault.name(), node, stoppedAction));
        run.pause(down);
        run.cluster().startNode(node);
        run.record(new FaultEvent(fault.name(), node, "started"));
    }
}
