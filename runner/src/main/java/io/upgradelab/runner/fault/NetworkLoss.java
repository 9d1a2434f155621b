package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.plan.Problems;

/** A lossy link: {@code percent} of the packets to the node are dropped, so calls retry or time out. */
public final class NetworkLoss extends NetworkFault {

    @Override
    public String name() {
        return "loss";
    }

    @Override
    NetworkDisturbance disturbance(FaultPhase spec) {
        return NetworkDisturbance.loss(spec.percent() == null ? 0 : spec.percent());   // missing: check says so
    }

    @Override
    public void check(FaultPhase spec, Problems problems) {
        if (spec.percent() == null) {
            problems.add("percent", "fault loss needs percent: the share of packets dropped, e.g. 30");
        }
        if (spec.delay() != null) {
            problems.add("delay", "fault loss takes no delay (only fault delay does)");
        }
    }
}
