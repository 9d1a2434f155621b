package io.upgradelab.runner.condition;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.plan.PlannedState;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * When the probe counts as healthy: each of its last {@code for} seconds ended calls, all of them in
 * success. The probe's seconds come from the fixture's fake probe, one per second of its fake clock.
 */
class ProbeHealthyTest {

    private final FakeRunContext run = new FakeRunContext();

    @Test
    void itHoldsOnceAWholeWindowSucceeded() {
        ProbeHealthy healthy = new ProbeHealthy(Duration.ofSeconds(10));
        run.probeAnswering(20, 0);

        rounds(9);
        assertThat(healthy.holds(run.observations())).as("9 seconds: the window is not full yet").isFalse();
        rounds(1);
        assertThat(healthy.holds(run.observations())).isTrue();
    }

    @Test
    void oneFailedCallInTheWindowIsNotHealthyUntilItLeavesTheWindow() {
        ProbeHealthy healthy = new ProbeHealthy(Duration.ofSeconds(10));
        run.probeAnswering(20, 0);
        rounds(10);
        run.probeAnswering(19, 1);
        rounds(1);
        assertThat(healthy.holds(run.observations())).as("one call of 200 failed").isFalse();

        run.probeAnswering(20, 0);
        rounds(9);
        assertThat(healthy.holds(run.observations())).as("the failure is still in the window").isFalse();
        rounds(1);
        assertThat(healthy.holds(run.observations())).isTrue();
    }

    @Test
    void aSecondInWhichNoCallEndedIsNotHealthy() {
        Observations now = new Observations();
        CallCounts ok = new CallCounts(10, 10, 0, 0, 0, 0, 0, Map.of());
        CallCounts hung = new CallCounts(10, 0, 0, 0, 0, 0, 10, Map.of());
        for (int second = 1; second <= 10; second++) {
            now.add(new ProbeSecond(second, Instant.EPOCH.plusSeconds(second), second == 5 ? hung : ok, null, null, null,
                    0, null));
        }

        assertThat(new ProbeHealthy(Duration.ofSeconds(10)).holds(now)).isFalse();
        assertThat(new ProbeHealthy(Duration.ofSeconds(5)).holds(now)).as("the last 5 seconds").isTrue();
    }

    @Test
    void itDefaultsToTenSecondsAndIsWaitedForFiveSecondsLonger() {
        ProbeHealthy defaults = new ProbeHealthy(null);

        assertThat(defaults.window()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.describe()).isEqualTo("the probe succeeds on every call for 10 s");
        assertThat(defaults.typicalWait(new PlannedState(3, "1.4.1", "1.4.1", 2, "local", Set.of())))
                .isEqualTo(Duration.ofSeconds(15));
    }

    private void rounds(int count) {
        for (int i = 0; i < count; i++) {
            run.round();
        }
    }
}
