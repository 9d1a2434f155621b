package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/** Changes nothing for {@code for}: the observers watch whether the cluster holds its load. */
@JsonTypeName("hold")
@JsonClassDescription("Changes nothing for a while: the observers watch whether the cluster holds its load.")
public record Hold(
        @JsonProperty(value = "for", required = true) @JsonPropertyDescription("How long to hold, e.g. 3m.")
        Duration duration) implements Phase {

    @Override
    public String title(PlannedState state) {
        return "hold " + Durations.text(duration) + " at " + state.providers() + " providers";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        if (duration.isZero()) {
            problems.add("for", "a hold of 0s holds nothing and gives the gate no sample of it: at least 1s");
        }
        return duration;
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        run.pause(duration);
    }
}
