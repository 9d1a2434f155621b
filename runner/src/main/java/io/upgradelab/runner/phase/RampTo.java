package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;

/**
 * Grows the fleet to {@code providers} (times the experiment's scale) at {@code rate} registrations
 * per second (default: the fleet's rampRate); over once the fleet has registered them all.
 */
@JsonTypeName("rampTo")
@JsonClassDescription("Grows the fleet to 'providers' (times the scale) at 'rate' registrations per second; over once"
        + " the fleet has registered them all. New providers start on the fleet's current client version.")
public record RampTo(
        @JsonProperty(required = true) @SchemaRef("providers")
        @JsonPropertyDescription("The fleet's size at the end of the phase, before scaling; more than it has when the"
                + " phase starts.")
        int providers,
        @SchemaRef("rate") double rate) implements Phase {

    @Override
    public RampTo resolve(FleetScale scale, Problems problems) {
        return new RampTo(scale.providers(providers), scale.rate(rate));
    }

    @Override
    public String title(PlannedState state) {
        return "ramp to " + providers + " providers";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        int now = state.providers();
        if (providers <= now) {
            problems.add("providers", "ramps to " + providers + " providers but the fleet has " + now
                    + " here: use scaleDownTo to shrink");
        }
        if (!ClientVersions.isOneX(state.fleetClient()) && !state.servesTwoX()) {
            problems.add("", "2.x providers are refused while the cluster runs in 1.x mode (nodes: "
                    + state.nodeVersions() + "; the providers run nacos-client " + state.fleetClient() + ")");
        }
        state.scaleTo(providers, state.fleetClient());
        return FleetScaling.expected(Math.abs(providers - now), rate);
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        FleetScaling.scaleTo(run, providers, rate);
    }
}
