package io.upgradelab.runner.fault;

import io.upgradelab.runner.engine.RunContext;
import java.time.Duration;
import java.util.Map;

/**
 * A frozen node (SIGSTOP, then SIGCONT): it keeps its sockets open but answers nothing, as in a
 * long GC pause or a hung host, which peers and clients handle differently from a crash.
 */
public final class PauseNode implements Fault {

    @Override
    public String name() {
        return "pause";
    }

    @Override
    public String describe(int node, Duration duration) {
        return "pause node " + node + " (SIGSTOP) for " + duration.toSeconds() + " s";
    }

    @Override
    public Duration expectedTime(Duration duration, String version) {
        return duration;
    }

    @Override
    public void inject(RunContext run, int node, Duration duration) throws InterruptedException {
        run.cluster().pauseNode(node);
        run.record("fault", Map.of("fault", name(), "node", node, "action", "paused"));
        try {
            run.pause(duration);
        } finally {
            run.cluster().resumeNode(node);
            run.record("fault", Map.of("fault", name(), "node", node, "action", "resumed"));
        }
    }
}
