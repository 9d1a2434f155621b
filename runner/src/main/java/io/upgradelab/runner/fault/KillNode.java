package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.engine.RunContext;
import io.upgradelab.runner.experiment.PlannedState;
import java.time.Duration;

/** A crash: SIGKILL (nothing flushed, no goodbye to peers), down for the duration, then started again. */
public final class KillNode implements Fault {

    @Override
    public String name() {
        return "kill";
    }

    @Override
    public String describe(int node, Duration duration) {
        return "kill node " + node + " (SIGKILL), start it again after " + duration.toSeconds() + " s";
    }

    @Override
    public Duration expectedTime(Duration duration, String version) {
        return duration.plus(PlannedState.startTime(version));
    }

    @Override
    public void inject(RunContext run, int node, Duration duration) throws InterruptedException {
        StopThenStart.inject(run, this, node, duration, StopMode.KILL, "killed");
    }
}
