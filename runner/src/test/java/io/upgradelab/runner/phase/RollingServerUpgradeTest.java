package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.UpgradeSample;
import io.upgradelab.runner.backend.RegistrationsRefused;
import io.upgradelab.runner.fixture.FakeBackend;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.observe.Observations;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The upgrade's end when a node stays in 1.x-compatible mode: a warning, and with forceUpgrade the
 * maintainers' remedy, against three stand-in nodes that answer the switch call and record it
 * (the fixture's {@link FakeBackend#standingIn}), the waits polled on the fixture's fake clock. The
 * rolling steps themselves run against real Nacos in RunExperimentIT.
 */
class RollingServerUpgradeTest {

    private FakeBackend cluster;

    @AfterEach
    void stopNodes() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aStuckNodeIsForcedFirstAndTheWarningStays() throws InterruptedException {
        FakeRunContext run = stuckAtNodeThree(true);

        phase(true).run(run);

        assertThat(switchCalls()).containsExactly(
                "node 3: PUT " + offHere(), "node 1: PUT " + offHere(), "node 2: PUT " + offHere());
        assertThat(run.types()).containsExactly("warning", "doubleWrite", "doubleWrite", "doubleWrite", "conditionHeld",
                "upgradeForced");
        List<Map<String, Object>> records = run.journal();
        assertThat(records.get(0).get("kind")).isEqualTo("upgradedNotReached");
        assertThat((String) records.get(0).get("message"))
                .contains("node 3 upgraded=false (v1 7331 / v2 7443 instances)", "forcing it");
        assertThat(records.get(1)).containsEntry("node", 3).containsEntry("enabled", false);
        assertThat(run.elapsed()).as("the first wait ran out on the fake clock").isGreaterThan(Duration.ofMinutes(5));
    }

    @Test
    void aForceThatDoesNotTakeIsASecondWarning() throws InterruptedException {
        FakeRunContext run = stuckAtNodeThree(false);

        phase(true).run(run);

        assertThat(run.types()).containsExactly("warning", "doubleWrite", "doubleWrite", "doubleWrite", "warning");
        assertThat(run.journal().get(4).get("kind")).isEqualTo("upgradeNotForced");
    }

    @Test
    void withoutForceTheClusterIsLeftAsItIs() throws InterruptedException {
        FakeRunContext run = stuckAtNodeThree(true);

        phase(false).run(run);

        assertThat(switchCalls()).isEmpty();
        assertThat(run.types()).containsExactly("warning");
        assertThat((String) run.journal().get(0).get("message")).contains("going on with a cluster partly in 1.x");
    }

    @Test
    void aNodeThatRefusesRegistrationsAfterItsStepIsAWarningAndTheUpgradeGoesOn() throws InterruptedException {
        cluster = FakeBackend.standingIn(3, "1.4.0").failUpgradeOf(2, new RegistrationsRefused(
                "the cluster does not accept registrations within 3m: node 2 does not accept registrations yet: 400"
                        + " receive invalid redirect request from peer", null));
        FakeRunContext run = new FakeRunContext(cluster).observingTheFakes();

        new RollingServerUpgrade("1.4.1", false, false, null, Duration.ofMinutes(5), false, false, null).run(run);

        assertThat(run.types()).containsExactly("upgradeStep", "upgradeStep", "conditionHeld", "upgradeStep",
                "upgradeStep", "warning", "upgradeStep", "conditionHeld", "upgradeStep",
                "upgradeStep", "upgradeStep", "conditionHeld", "upgradeStep");
        assertThat(run.journal().get(5)).containsEntry("kind", "registrationsRefused").containsEntry("node", 2);
        assertThat(cluster.calls().of("upgradeNode"))
                .containsExactly("upgradeNode [1, 1.4.1, true]", "upgradeNode [2, 1.4.1, true]",
                        "upgradeNode [3, 1.4.1, true]");
        assertThat(List.of(cluster.version(1), cluster.version(2), cluster.version(3))).containsOnly("1.4.1");
    }

    private static RollingServerUpgrade phase(boolean force) {
        return new RollingServerUpgrade("2.0.4", true, false, null, Duration.ofMinutes(5), true, force, null);
    }

    private static String offHere() {
        return "entry=doubleWriteEnabled&value=false&debug=true";
    }

    /** The switch calls the stand-in nodes received, "node N: METHOD QUERY", in order. */
    private List<String> switchCalls() {
        return cluster.standIns().requestsTo("v1/ns/operator/switches").stream()
                .map(r -> r.replace("/nacos/v1/ns/operator/switches?", "")).toList();
    }

    /**
     * Every node already on 2.0.4, node 3 stuck at upgraded=false: the first wait for upgraded=true
     * times out; once every node has had its switch turned off, node 3 reports upgraded=true, if
     * {@code forceTakes}.
     */
    private FakeRunContext stuckAtNodeThree(boolean forceTakes) {
        cluster = FakeBackend.standingIn(3, "2.0.4");
        FakeRunContext run = new FakeRunContext(cluster);
        Observations now = run.observations();
        for (int n = 1; n <= 3; n++) {
            now.put(new NodeSample(n, "2.0.4", true, 140, 7950, 7950, 2, 2, null));
        }
        now.put(new UpgradeSample(1, true, true, true, 140, 7950, 140, 7950));
        now.put(new UpgradeSample(2, true, true, true, 140, 7950, 140, 7950));
        now.put(new UpgradeSample(3, false, true, true, 140, 7331, 140, 7443));
        if (forceTakes) {
            run.everyRound(round -> {
                if (switchCalls().size() >= 3) {
                    round.put(new UpgradeSample(3, true, true, false, 140, 7443, 140, 7443));
                }
            });
        }
        return run;
    }
}
