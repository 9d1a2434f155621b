package io.upgradelab.runner.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Observers that read others' samples of the same round run after them. */
class ObserversTest {

    @Test
    void eachStageRunsAfterTheStagesItReads() {
        List<String> order = Observers.all().stream().map(Observer::name).toList();
        assertThat(order).contains("fleet", "nodeCounts", "upgradeStatus", "failureSigns", "missingInstances");
        assertThat(order.indexOf("fleet")).as("the registered count first").isLessThan(order.indexOf("nodeCounts"));
        assertThat(order.indexOf("nodeCounts")).isLessThan(order.indexOf("missingInstances"));
        assertThat(order.indexOf("upgradeStatus")).isLessThan(order.indexOf("failureSigns"));
        assertThat(order.indexOf("nodeCounts")).isLessThan(order.indexOf("failureSigns"));
    }

    @Test
    void theExpectedCountIsTheSmallestRegisteredOverThisRoundAndTheTwoBefore() {
        Observations observations = new Observations();
        observations.registered(120);
        assertThat(observations.expectedInstances()).isEqualTo(120);
        observations.registered(200);
        observations.registered(280);
        assertThat(observations.expectedInstances()).as("280 registered, but 120 two rounds ago").isEqualTo(120);
        observations.registered(280);
        assertThat(observations.expectedInstances()).isEqualTo(200);
        observations.registered(100);
        assertThat(observations.expectedInstances()).as("a shrink counts at once").isEqualTo(100);
    }
}
