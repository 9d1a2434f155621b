package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/** A slow link: every packet to the node arrives {@code delay} later, as across a congested WAN. */
public final class NetworkDelay extends NetworkFault {

    @Override
    public String name() {
        return "delay";
    }

    @Override
    NetworkDisturbance disturbance(FaultPhase spec) {
        return NetworkDisturbance.delay(spec.delay() == null ? Duration.ZERO : spec.delay());   // missing: check says so
    }

    @Override
    public void check(FaultPhase spec, Problems problems) {
        if (spec.delay() == null || spec.delay().isZero()) {
            problems.add("delay", "fault delay needs delay: how much later packets arrive, e.g. 200ms");
        }
        if (spec.percent() != null) {
            problems.add("percent", "fault delay takes no percent (only fault loss does)");
        }
    }
}
