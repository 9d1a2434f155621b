package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.engine.RunContext;
import io.upgradelab.runner.experiment.PlannedState;
import io.upgradelab.runner.experiment.Problems;
import java.time.Duration;

/**
 * Shrinks the fleet to {@code providers} (times the scale): the highest-numbered providers
 * deregister gracefully, {@code rate} per second (default: the fleet's rampRate).
 */
@JsonTypeName("scaleDownTo")
public record ScaleDownTo(int providers, double rate) implements Phase {

    @Override
    public String title(PlannedState state) {
        return "scale down to " + state.experiment().scaled(providers) + " providers";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        int target = state.experiment().scaled(providers);
        int now = state.providers();
        if (target >= now) {
            problems.add("providers", "scales down to " + target + " providers but the fleet has " + now
                    + " here: use rampTo to grow");
        }
        state.scaleTo(target, state.fleetGeneration());
        return FleetScaling.expected(Math.abs(now - target), FleetScaling.rate(rate, state.experiment()));
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        FleetScaling.scaleTo(run, run.experiment().scaled(providers), FleetScaling.rate(rate, run.experiment()));
    }
}
