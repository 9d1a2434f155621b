package io.upgradelab.runner.condition;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.observe.Observations;
import org.junit.jupiter.api.Test;

/**
 * When the cluster counts as settled: every node answers and holds what the fleet and the demo
 * providers registered, less the tolerance; more is fine. Read from samples set by hand, and from the
 * fixture's fake cluster and fleet as the observers sample them.
 */
class InstancesSettledTest {

    @Test
    void everyNodeHoldingTheRegisteredLessTheToleranceIsSettled() {
        Observations now = registered(1000);
        now.put(node(1, 1000));
        now.put(node(2, 995));
        now.put(node(3, 1200));   // a mixed cluster's double write can show more

        assertThat(new InstancesSettled(0).holds(now)).isTrue();
    }

    @Test
    void aNodeHoldingFewerThanTheToleranceAllowsIsNotSettledUntilTheToleranceIsWider() {
        Observations now = registered(1000);
        now.put(node(1, 1000));
        now.put(node(2, 980));

        assertThat(new InstancesSettled(0).holds(now)).as("default 1%: 990 at least").isFalse();
        assertThat(new InstancesSettled(5).holds(now)).as("5%: 950 at least").isTrue();
    }

    @Test
    void aNodeThatDoesNotAnswerIsNotSettledWhateverTheTolerance() {
        Observations now = registered(10);
        now.put(node(1, 10));
        now.put(NodeSample.unreachable(2, "1.4.1", "connection refused"));

        assertThat(new InstancesSettled(50).holds(now)).isFalse();
    }

    @Test
    void noNodeSampledYetIsNotSettled() {
        assertThat(new InstancesSettled(0).holds(registered(0))).isFalse();
    }

    @Test
    void theToleranceIsOnePercentUnlessGivenAndTheDescriptionSaysIt() {
        assertThat(new InstancesSettled(0).tolerancePercent()).isEqualTo(1.0);
        assertThat(new InstancesSettled(0).describe())
                .isEqualTo("every node holds the registered providers (within 1.0%)");
        assertThat(new InstancesSettled(2.5).describe()).contains("within 2.5%");
    }

    @Test
    void onTheFakesItHoldsWhileEveryNodeIsUpAndHoldsWhatIsRegistered() {
        FakeRunContext run = new FakeRunContext().observingTheFakes();
        run.fakeFleet().scaleTo(100, 50, "1.4.1");
        InstancesSettled settled = new InstancesSettled(0);

        run.round();
        assertThat(settled.holds(run.observations())).as("100 providers and 2 demo providers on every node").isTrue();

        run.fakeCluster().stopNode(2, StopMode.GRACEFUL);
        run.round();
        assertThat(settled.holds(run.observations())).as("node 2 stopped").isFalse();

        run.fakeCluster().startNode(2);
        run.fakeCluster().holdInstances(3, 50);
        run.round();
        assertThat(settled.holds(run.observations())).as("node 3 holds 50 of 102").isFalse();

        run.fakeCluster().holdInstances(3, 102);
        run.round();
        assertThat(settled.holds(run.observations())).isTrue();
    }

    private static Observations registered(int count) {
        Observations now = new Observations();
        now.registered(count);
        return now;
    }

    private static NodeSample node(int node, int instances) {
        return new NodeSample(node, "1.4.1", true, 10, instances, instances, 2, 2, null);
    }
}
