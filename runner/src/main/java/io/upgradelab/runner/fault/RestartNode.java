package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.Capability;
import java.time.Duration;

/**
 * An operator's restart: a graceful stop (SIGTERM: the node says goodbye to its peers and closes
 * its clients' connections), down for the duration, then started again on the same version. Unlike
 * a crash, clients see their connections closed at once; unlike an upgrade, nothing changes.
 */
@JsonClassDescription("A graceful stop (SIGTERM: peers and clients are told), started again on the same"
        + " version after 'for'.")
public final class RestartNode implements Fault {

    @Override
    public String name() {
        return "restart";
    }

    @Override
    public String describe(FaultPhase spec) {
        return "restart node " + spec.node() + " (graceful stop, start again after " + spec.duration().toSeconds() + " s)";
    }

    @Override
    public Capability needs() {
        return Capability.RESTART;
    }

    @Override
    public NodeFault action(FaultPhase spec) {
        return new NodeFault.Restart();
    }

    @Override
    public Duration expectedTime(FaultPhase spec, String version) {
        return NacosVersions.gracefulStopTime(version).plus(spec.duration()).plus(NacosVersions.startTime(version));
    }

    @Override
    public void inject(RunContext run, FaultPhase spec) throws InterruptedException {
        StopThenStart.inject(run, this, spec.node(), spec.duration(), StopMode.GRACEFUL, "stopped");
    }
}
