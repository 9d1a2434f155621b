package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;

/**
 * Shrinks the fleet to {@code providers} (times the scale): the highest-numbered providers
 * deregister gracefully, {@code rate} per second (default: the fleet's rampRate).
 */
@JsonTypeName("scaleDownTo")
@JsonClassDescription("Shrinks the fleet to 'providers' (times the scale): the highest-numbered providers deregister"
        + " gracefully, 'rate' per second.")
public record ScaleDownTo(
        @JsonProperty(required = true) @SchemaRef("providers")
        @JsonPropertyDescription("The fleet's size at the end of the phase, before scaling; fewer than it has when the"
                + " phase starts.")
        int providers,
        @SchemaRef("rate") double rate) implements Phase {

    @Override
    public ScaleDownTo resolve(FleetScale scale, Problems problems) {
        return new ScaleDownTo(scale.providers(providers), scale.rate(rate));
    }

    @Override
    public String title(PlannedState state) {
        return "scale down to " + providers + " providers";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        int now = state.providers();
        if (providers >= now) {
            problems.add("providers", "scales down to " + providers + " providers but the fleet has " + now
                    + " here: use rampTo to grow");
        }
        state.scaleTo(providers, state.fleetClient());
        return FleetScaling.expected(Math.abs(now - providers), rate);
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        FleetScaling.scaleTo(run, providers, rate);
    }
}
