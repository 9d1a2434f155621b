package io.upgradelab.runner.condition;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/**
 * Every node reports {@code upgraded=true}: the cluster has left 1.x-compatible mode and serves
 * 2.x clients over gRPC. Nacos 2.0.4 says so once every node's v1 and v2 models agree: ~20 s after
 * the last node runs 2.x here, over 3 minutes while a v1 model holds empty services. A node from 2.2
 * on has no such mode and holds it whenever it answers.
 */
@JsonTypeName("upgraded")
@JsonClassDescription("Every node reports upgraded=true: the cluster has left 1.x-compatible mode and serves 2.x"
        + " clients over gRPC. Needs every node on 2.x.")
public record Upgraded() implements Condition {

    @Override
    public boolean holds(Observations now) {
        return now.servesTwoX();
    }

    @Override
    public String describe() {
        return "every node reports upgraded=true";
    }

    @Override
    public void plan(PlannedState state, Problems problems) {
        if (!state.everyNodeOnTwoX()) {
            problems.add("kind", "never holds here: the nodes run " + state.nodeVersions()
                    + "; upgraded=true needs every node on 2.x (put a rollingServerUpgrade before it)");
        }
        state.setUpgraded(true);
    }

    @Override
    public Duration typicalWait(PlannedState state) {
        return state.servesTwoX() ? Duration.ofSeconds(5) : Duration.ofSeconds(110);
    }
}
