package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/** A slow link: every packet to the node arrives {@code delay} later, as across a congested WAN. */
@JsonClassDescription("Traffic to the node's client ports slowed by 'delay' for 'for'.")
public final class NetworkDelay extends NetworkFault {

    /** The fields {@code fault: delay} takes. */
    public record Parameters(
            @JsonProperty(required = true)
            @JsonPropertyDescription("How much later each packet to the node arrives, e.g. 200ms.")
            Duration delay) {
    }

    @Override
    public String name() {
        return "delay";
    }

    @Override
    public Class<Parameters> parameters() {
        return Parameters.class;
    }

    @Override
    NetworkDisturbance disturbance(FaultPhase spec) {
        return NetworkDisturbance.delay(spec.parameters(Parameters.class).delay());
    }

    @Override
    public void check(FaultPhase spec, Problems problems) {
        if (spec.parameters(Parameters.class).delay().isZero()) {
            problems.add("delay", "a delay of 0 holds nothing back: write how much later packets arrive, e.g. 200ms");
        }
    }
}
