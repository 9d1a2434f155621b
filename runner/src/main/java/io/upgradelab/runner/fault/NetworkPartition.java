package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.NetworkDisturbance;

/**
 * A node cut off: every packet to it is dropped. Unlike a crash its process runs on and unlike a
 * pause its peers' connections are not refused either, they just hang until they time out.
 */
public final class NetworkPartition extends NetworkFault {

    @Override
    public String name() {
        return "partition";
    }

    @Override
    NetworkDisturbance disturbance(FaultPhase spec) {
        return NetworkDisturbance.partition();
    }
}
