package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.PhaseFailure;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/**
 * Injects the {@link Fault} named {@code fault} into {@code node} for {@code for}, then undoes it.
 *
 * @param delay   for {@code fault: delay}, how much later packets to the node arrive; null otherwise
 * @param percent for {@code fault: loss}, the share of packets dropped; null otherwise
 */
@JsonTypeName("fault")
public record FaultPhase(String fault, int node, @JsonProperty("for") Duration duration, Duration delay,
                         Double percent) implements Phase {

    @Override
    public String title(PlannedState state) {
        return Faults.named(fault).map(f -> f.describe(this)).orElse(fault + " node " + node);
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        if (Faults.named(fault).isEmpty()) {
            problems.add("fault", "unknown fault '" + fault + "'; known: " + Faults.names());
        }
        Faults.named(fault).ifPresent(f -> {
            f.check(this, problems);
            state.require(f.needs(), problems, "fault");
        });
        if (node < 1 || node > state.nodes()) {
            problems.add("node", "node " + node + " does not exist: the cluster has nodes 1 to " + state.nodes());
            return duration;
        }
        return Faults.named(fault).map(f -> f.expectedTime(this, state.nodeVersions().get(node - 1)))
                .orElse(duration);
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        Fault action = Faults.named(fault).orElseThrow(() -> new PhaseFailure("unknown fault " + fault));
        run.say(action.describe(this));
        action.inject(run, this);
    }
}
