package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.plan.SchemaRef;

/**
 * A node cut off: every packet to and from it dropped, from everyone or only between it and its
 * peers or its clients. Unlike a crash its process runs on and unlike a pause its peers'
 * connections are not refused either, they just hang until they time out.
 */
@JsonClassDescription("Every packet between the node and the others dropped for 'for': all of them, or its peers"
        + " or its clients alone ('from').")
public final class NetworkPartition extends NetworkFault {

    /** The fields {@code fault: partition} takes. */
    public record Parameters(
            @SchemaRef("networkBetween")
            @JsonPropertyDescription("Whom the node is cut off from: all (the default), peers (the other nodes: the"
                    + " cluster splits, clients still reach it) or clients (everything but the nodes: the cluster stays"
                    + " whole). peers and clients need each node at an address of its own (target.local.nodeAddresses).")
            String from) {
    }

    @Override
    public String name() {
        return "partition";
    }

    @Override
    public Class<Parameters> parameters() {
        return Parameters.class;
    }

    @Override
    NetworkDisturbance disturbance(FaultPhase spec) {
        return NetworkDisturbance.partition(between(spec.parameters(Parameters.class).from()));
    }
}
