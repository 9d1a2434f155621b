package io.upgradelab.runner.fault;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.PhaseFailure;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.RecordFields;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Injects the {@link Fault} named {@code fault} into {@code node} for {@code for}, then undoes it.
 * Files write a fault's own fields beside these ({@code percent: 30}); they are kept as written
 * ({@code given}) and bound to the fault's {@link Fault#parameters()} record once, when the plan
 * resolves the phase, so that a fault never sees a field meant for another.
 *
 * @param given      the fault's own fields as the file wrote them
 * @param parameters those fields bound to the fault's record; null until resolved, or when they did not bind
 */
@JsonTypeName("fault")
@JsonClassDescription("Injects a fault into one node for a while, then undoes it. Each fault takes its own fields"
        + " beside these (its fault.<name> definition). On the local backend the network faults use tc netem on the"
        + " loopback device and need root (CAP_NET_ADMIN); on kubernetes they are Chaos Mesh NetworkChaos.")
public record FaultPhase(
        @JsonProperty(required = true) @JsonPropertyDescription("Which fault is done to the node.") String fault,
        @JsonProperty(required = true) @SchemaRef("positive") @JsonPropertyDescription("The node, numbered from 1.")
        int node,
        @JsonProperty(value = "for", required = true)
        @JsonPropertyDescription("How long the node stays down, frozen or cut off.")
        Duration duration,
        @JsonIgnore Map<String, JsonNode> given,
        @JsonIgnore Record parameters) implements Phase {

    public FaultPhase {
        given = given == null ? new LinkedHashMap<>() : given;
    }

    /** A phase whose fault's parameters are already bound. */
    public static FaultPhase of(String fault, int node, Duration duration, Record parameters) {
        return new FaultPhase(fault, node, duration, Map.of(), parameters);
    }

    /** Keeps a field that is none of the phase's own: the fault's, bound when resolved. */
    @JsonAnySetter
    void give(String field, JsonNode value) {
        given.put(field, value);
    }

    /** The fault's bound parameters as its own record type. */
    public <P extends Record> P parameters(Class<P> type) {
        return type.cast(parameters);
    }

    @Override
    public FaultPhase resolve(FleetScale scale, Problems problems) {
        Optional<Record> bound = Faults.named(fault)
                .flatMap(f -> RecordFields.bind(f.parameters(), given, "fault " + fault, problems));
        return new FaultPhase(fault, node, duration, Map.copyOf(given), bound.orElse(null));
    }

    @Override
    public String title(PlannedState state) {
        return bound().map(f -> f.describe(this)).orElse(fault + " node " + node);
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        if (Faults.named(fault).isEmpty()) {
            problems.add("fault", "unknown fault '" + fault + "'; known: " + Faults.names());
        }
        Faults.named(fault).ifPresent(f -> state.require(f.needs(), problems, "fault"));
        bound().ifPresent(f -> f.check(this, problems));
        bound().flatMap(f -> f.alsoNeeds(this)).ifPresent(c -> state.require(c, problems, "from"));
        if (node < 1 || node > state.nodes()) {
            problems.add("node", "node " + node + " does not exist: the cluster has nodes 1 to " + state.nodes());
            return duration;
        }
        return bound().map(f -> f.expectedTime(this, state.nodeVersions().get(node - 1))).orElse(duration);
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        Fault action = bound().orElseThrow(() -> new PhaseFailure("unknown fault " + fault + ", or its fields unbound"));
        run.say(action.describe(this));
        action.inject(run, this);
    }

    /** The fault, once its parameters are bound: what may describe, plan and run this phase. */
    private Optional<Fault> bound() {
        return parameters == null ? Optional.empty() : Faults.named(fault);
    }
}
