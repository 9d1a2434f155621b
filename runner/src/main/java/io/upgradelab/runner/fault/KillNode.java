package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.Capability;
import java.time.Duration;

/** A crash: SIGKILL (nothing flushed, no goodbye to peers), down for the duration, then started again. */
@JsonClassDescription("SIGKILL (a crash: nothing flushed, no goodbye to peers), started again after 'for'.")
public final class KillNode implements Fault {

    @Override
    public String name() {
        return "kill";
    }

    @Override
    public String describe(FaultPhase spec) {
        return "kill node " + spec.node() + " (SIGKILL), start it again after " + spec.duration().toSeconds() + " s";
    }

    @Override
    public Capability needs() {
        return Capability.KILL;
    }

    @Override
    public NodeFault action(FaultPhase spec) {
        return new NodeFault.Kill();
    }

    @Override
    public Duration expectedTime(FaultPhase spec, String version) {
        return spec.duration().plus(NacosVersions.startTime(version));
    }

    @Override
    public void inject(RunContext run, FaultPhase spec) throws InterruptedException {
        StopThenStart.inject(run, this, spec.node(), spec.duration(), StopMode.KILL, "killed");
    }
}
