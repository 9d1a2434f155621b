package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.upgradelab.journal.FaultEvent;
import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.Capability;
import java.time.Duration;

/**
 * A frozen node (SIGSTOP, then SIGCONT): it keeps its sockets open but answers nothing, as in a
 * long GC pause or a hung host, which peers and clients handle differently from a crash.
 */
@JsonClassDescription("SIGSTOP for 'for', then SIGCONT (a frozen node that keeps its sockets open,"
        + " as in a long GC pause).")
public final class PauseNode implements Fault {

    @Override
    public String name() {
        return "pause";
    }

    @Override
    public String describe(FaultPhase spec) {
        return "pause node " + spec.node() + " (SIGSTOP) for " + spec.duration().toSeconds() + " s";
    }

    @Override
    public Capability needs() {
        return Capability.PAUSE;
    }

    @Override
    public NodeFault action(FaultPhase spec) {
        return new NodeFault.Pause();
    }

    @Override
    public Duration expectedTime(FaultPhase spec, String version) {
        return spec.duration();
    }

    @Override
    public void inject(RunContext run, FaultPhase spec) throws InterruptedException {
        int node = spec.node();
        run.cluster().pauseNode(node);
        run.record(new FaultEvent(name(), node, "paused"));
        try {
            run.pause(spec.duration());
        } finally {
            run.cluster().resumeNode(node);
            run.record(new FaultEvent(name(), node, "resumed"));
        }
    }
}
