package io.upgradelab.runner.condition;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.plan.SchemaRef;
import java.util.List;

/**
 * Every node answers and holds at least the providers the fleet and the demo providers have
 * registered, less {@code tolerancePercent} (default 1%). More is fine: a mixed cluster's
 * double write can show extra.
 */
@JsonTypeName("instancesSettled")
@JsonClassDescription("Every node answers and holds at least the providers the fleet and the demo providers have"
        + " registered, less a tolerance. More is fine: a mixed cluster's double write can show extra.")
public record InstancesSettled(
        @SchemaRef("percent")
        @JsonPropertyDescription("How many percent fewer instances than registered still count as settled. Default 1.")
        double tolerancePercent) implements Condition {

    public InstancesSettled {
        tolerancePercent = tolerancePercent == 0 ? 1 : tolerancePercent;
    }

    @Override
    public boolean holds(Observations now) {
        List<NodeSample> nodes = now.nodes();
        return !nodes.isEmpty() && nodes.stream().allMatch(n -> now.holdsExpected(n, tolerancePercent));
    }

    @Override
    public String describe() {
        return "every node holds the registered providers (within " + tolerancePercent + "%)";
    }
}
