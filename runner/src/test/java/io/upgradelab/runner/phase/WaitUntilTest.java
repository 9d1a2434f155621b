package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.condition.InstancesSettled;
import io.upgradelab.runner.condition.ProbeHealthy;
import io.upgradelab.runner.condition.Upgraded;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A waitUntil phase: over as soon as its condition holds on a fresh sample, a failure of the phase when
 * it does not within the timeout; planned as the shorter of the condition's usual wait and the
 * timeout. Run on the fixture's fake clock: a round of sampling each second, no sleeping.
 */
class WaitUntilTest {

    private static final InstancesSettled SETTLED = new InstancesSettled(0);

    private final FakeRunContext run = new FakeRunContext();

    @Test
    void itIsOverOnTheFirstRoundInWhichTheConditionHolds() throws InterruptedException {
        run.fakeCluster().stopNode(2, StopMode.KILL);
        run.everyRound(now -> {
            if (run.elapsed().compareTo(Duration.ofSeconds(3)) >= 0 && run.fakeCluster().state(2) != NodeState.UP) {
                run.fakeCluster().startNode(2);
            }
        });
        run.observingTheFakes();

        new WaitUntil(SETTLED, Duration.ofMinutes(1)).run(run);

        assertThat(run.elapsed()).as("node 2 back in the third round").isEqualTo(Duration.ofSeconds(3));
        assertThat(run.calls()).endsWith(
                "awaitCondition [every node holds the registered providers (within 1.0%), held after 3 s]");
        assertThat(run.said()).containsExactly("every node holds the registered providers (within 1.0%): after 3 s");
    }

    @Test
    void aConditionThatDoesNotHoldWithinTheTimeoutFailsThePhase() {
        run.fakeCluster().stopNode(2, StopMode.KILL);
        run.observingTheFakes();

        assertThatThrownBy(() -> new WaitUntil(SETTLED, Duration.ofSeconds(30)).run(run))
                .isInstanceOf(PhaseFailure.class)
                .hasMessage("every node holds the registered providers (within 1.0%): not within 30 s");
        assertThat(run.elapsed()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aConditionThatHoldsAlreadyStillWaitsForAFreshSample() throws InterruptedException {
        run.observingTheFakes();
        run.round();
        Duration before = run.elapsed();

        new WaitUntil(SETTLED, Duration.ofMinutes(1)).run(run);

        assertThat(run.elapsed().minus(before)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void itWaitsFiveMinutesUnlessToldAndSaysForWhat() {
        WaitUntil wait = new WaitUntil(new Upgraded(), null);

        assertThat(wait.timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(wait.title(state("2.0.4"))).isEqualTo("wait until every node reports upgraded=true (at most 5m)");
    }

    @Test
    void itIsPlannedAsTheConditionsUsualWaitOrTheTimeoutWhicheverIsShorter() {
        assertThat(new WaitUntil(new ProbeHealthy(Duration.ofSeconds(10)), Duration.ofMinutes(5))
                .plan(state("1.4.1"), new Problems())).isEqualTo(Duration.ofSeconds(15));
        assertThat(new WaitUntil(new ProbeHealthy(Duration.ofMinutes(2)), Duration.ofSeconds(30))
                .plan(state("1.4.1"), new Problems())).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void whatTheConditionCannotDoHereIsAProblemAtTheCondition() {
        Problems problems = new Problems();
        PlannedState onOneX = state("1.4.1");

        new WaitUntil(new Upgraded(), null).plan(onOneX, problems);

        assertThat(problems.all()).singleElement().satisfies(p -> {
            assertThat(p.pointer()).isEqualTo("/condition/kind");
            assertThat(p.message()).startsWith("never holds here: the nodes run [1.4.1, 1.4.1, 1.4.1]");
        });
        assertThat(onOneX.servesTwoX()).as("the state the condition leaves").isTrue();
    }

    private static PlannedState state(String version) {
        return new PlannedState(3, version, "1.4.1", 2, "local", Set.of());
    }
}
