package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which of a run's clients the release after its last servers cuts off, from the versions it ended on. */
class NextVersionCutOffsTest {

    @Test
    void oneXClientsLeftOnThreeOneAreCutOffByThreeTwo() {
        RunFacts facts = facts("2.3.2 x3 -> 3.1.0 x3", "2.5.1", "1.4.1");
        assertThat(NextVersionCutOffs.of(facts)).singleElement().asString()
                .startsWith("Nacos 3.2 removes the v1 and v2 HTTP APIs, which nacos-client 1.4.1 calls for everything"
                        + " (registering, heartbeats, subscribing, configs): on 3.2 the probe (a Dubbo consumer) would lose"
                        + " the registry.");
    }

    @Test
    void theFleetsLastClientsCountNotItsFirst() {
        assertThat(NextVersionCutOffs.of(facts("3.1.0 x3", "1x -> 2.5.1", "2.0.4"))).isEmpty();
        assertThat(NextVersionCutOffs.of(facts("3.1.0 x3", "2.5.1 -> 1.4.1", "2.0.4"))).singleElement().asString()
                .contains("nacos-client 1.4.1").contains("the fleet's providers");
    }

    @Test
    void nothingIsSaidOnServersThatStillOrNoLongerServeOneX() {
        assertThat(NextVersionCutOffs.of(facts("1.4.1 x3", "1x", "1x"))).as("1.x servers: 2.x serves 1.x").isEmpty();
        assertThat(NextVersionCutOffs.of(facts("1.4.1 x3 -> 2.0.4 x3", "1x", "1x"))).as("2.x: 2.5, 3.0, 3.1 serve 1.x")
                .isEmpty();
        assertThat(NextVersionCutOffs.of(facts("3.1.0 x3 -> 3.2.4 x3", "1x", "1x"))).as("already past 3.2").isEmpty();
        assertThat(NextVersionCutOffs.of(facts("2.3.2 x3 -> 3.1.0 2.3.2 2.3.2", "2.5.1", "3.1.1"))).isEmpty();
        assertThat(NextVersionCutOffs.of(facts("not measured", "1x", "1x"))).isEmpty();
    }

    @Test
    void aMixedClusterIsJudgedByEveryNodesVersion() {
        assertThat(NextVersionCutOffs.of(facts("2.3.2 x3 -> 3.1.0 2.3.2 2.3.2", "2.5.1", "1x"))).isEmpty();
        assertThat(NextVersionCutOffs.of(facts("2.3.2 x3 -> 3.0.2 3.1.0 3.1.0", "2.5.1", "1x"))).hasSize(1);
        assertThat(NextVersionCutOffs.of(facts("3.1.0 3.2.4 3.2.4", "2.5.1", "1x"))).isEmpty();
    }

    private static RunFacts facts(String servers, String clients, String probe) {
        return new RunFacts("2026-11-29 08:00:00 UTC", "host", "0.1.0", servers, clients, probe);
    }
}
