package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.upgradelab.runner.backend.NetworkDisturbance;

/**
 * A node cut off: every packet to it is dropped. Unlike a crash its process runs on and unlike a
 * pause its peers' connections are not refused either, they just hang until they time out.
 */
@JsonClassDescription("Every packet to the node's ports dropped for 'for'.")
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
