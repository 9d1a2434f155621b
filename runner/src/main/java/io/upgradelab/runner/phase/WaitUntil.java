package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/** Waits until {@code condition} holds; the run fails if it does not within {@code timeout} (default 5m). */
@JsonTypeName("waitUntil")
@JsonClassDescription("Waits until a condition holds; the run fails if it does not within 'timeout'.")
public record WaitUntil(
        @JsonProperty(required = true) Condition condition,
        @JsonPropertyDescription("How long to wait at most. Default 5m.") Duration timeout) implements Phase {

    public WaitUntil {
        timeout = timeout == null ? Duration.ofMinutes(5) : timeout;
    }

    @Override
    public String title(PlannedState state) {
        return "wait until " + condition.describe() + " (at most " + Durations.text(timeout) + ")";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        Duration typical = condition.typicalWait(state);
        condition.plan(state, problems.at("condition"));
        return typical.compareTo(timeout) < 0 ? typical : timeout;
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        run.awaitCondition(condition, timeout, condition.describe());
    }
}
