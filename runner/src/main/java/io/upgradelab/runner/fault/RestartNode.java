package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.engine.RunContext;
import io.upgradelab.runner.experiment.PlannedState;
import java.time.Duration;

/**
 * An operator's restart: a graceful stop (SIGTERM: the node says goodbye to its peers and closes
 * its clients' connections), down for the duration, then started again on the same version. Unlike
 * a crash, clients see their connections closed at once; unlike an upgrade, nothing changes.
 */
public final class RestartNode implements Fault {

    @Override
    public String name() {
        return "restart";
    }

    @Override
    public String describe(int node, Duration duration) {
        return "restart node " + node + " (graceful stop, start again after " + duration.toSeconds() + " s)";
    }

    @Override
    public Duration expectedTime(Duration duration, String version) {
        return PlannedState.gracefulStopTime(version).plus(duration).plus(PlannedState.startTime(version));
    }

    @Override
    public void inject(RunContext run, int node, Duration duration) throws InterruptedException {
        StopThenStart.inject(run, this, node, duration, StopMode.GRACEFUL, "stopped");
    }
}
