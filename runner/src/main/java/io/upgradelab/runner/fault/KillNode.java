package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.engine.RunContext;
import io.upgradelab.runner.experiment.PlannedState;
import java.time.Duration;
import java.util.Map;

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
        run.cluster().stopNode(node, StopMode.KILL);
        run.record("fault", Map.of("fault", name(), "node", node, "action", "killed"));
        run.pause(duration);
        run.cluster().startNode(node);
        run.record("fault", Map.of("fault", name(), "node", node, "action", "started"));
    }
}
