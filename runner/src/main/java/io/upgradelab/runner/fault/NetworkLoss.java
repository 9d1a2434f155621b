package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.plan.SchemaRef;

/** A lossy link: {@code percent} of the packets to the node are dropped, so calls retry or time out. */
@JsonClassDescription("'percent' of the packets to the node's client ports dropped for 'for'.")
public final class NetworkLoss extends NetworkFault {

    /** The fields {@code fault: loss} takes. */
    public record Parameters(
            @JsonProperty(required = true) @SchemaRef("percent")
            @JsonPropertyDescription("The share of packets to the node dropped, in percent, e.g. 30.")
            double percent,
            @SchemaRef("networkBetween")
            @JsonPropertyDescription("Whose packets: all (the default: every packet to the node's client ports, or to"
                    + " its address), peers (to and from the other nodes) or clients (to and from everything but the"
                    + " nodes). peers and clients need each node at an address of its own (target.local.nodeAddresses).")
            String from) {
    }

    @Override
    public String name() {
        return "loss";
    }

    @Override
    public Class<Parameters> parameters() {
        return Parameters.class;
    }

    @Override
    NetworkDisturbance disturbance(FaultPhase spec) {
        Parameters p = spec.parameters(Parameters.class);
        return NetworkDisturbance.loss(p.percent(), between(p.from()));
    }
}
