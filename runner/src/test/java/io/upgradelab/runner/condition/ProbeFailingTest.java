package io.upgradelab.runner.condition;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.observe.Observations;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When the probe counts as failing, the usual abortWhen: at least {@code percent} of the calls that
 * ended over the whole window failed, in any way; the probe's seconds come from the fixture's fake
 * probe, one per second of its fake clock.
 */
class ProbeFailingTest {

    private final FakeRunContext run = new FakeRunContext();

    @Test
    void itHoldsOnceAWholeWindowFailedAtLeastThePercent() {
        ProbeFailing failing = new ProbeFailing(50, Duration.ofSeconds(10));
        run.probeAnswering(5, 5);

        rounds(9);
        assertThat(failing.holds(run.observations())).as("9 seconds: the window is not full yet").isFalse();
        rounds(1);
        assertThat(failing.holds(run.observations())).as("10 seconds at 50% failed").isTrue();
    }

    @Test
    void fewerFailuresThanThePercentDoNotHold() {
        run.probeAnswering(6, 4);
        rounds(10);

        assertThat(new ProbeFailing(50, Duration.ofSeconds(10)).holds(run.observations())).as("40% failed").isFalse();
        assertThat(new ProbeFailing(40, Duration.ofSeconds(10)).holds(run.observations())).as("at least 40%").isTrue();
    }

    @Test
    void onlyTheLastWindowCounts() {
        ProbeFailing failing = new ProbeFailing(50, Duration.ofSeconds(10));
        run.probeAnswering(0, 10);
        rounds(10);
        assertThat(failing.holds(run.observations())).isTrue();

        run.probeAnswering(10, 0);
        rounds(6);
        assertThat(failing.holds(run.observations())).as("6 healthy of the last 10 seconds").isFalse();
    }

    @Test
    void secondsInWhichNoCallEndedNeverHold() {
        Observations now = new Observations();
        CallCounts scheduledOnly = new CallCounts(10, 0, 0, 0, 0, 0, 10, Map.of());
        for (int second = 1; second <= 10; second++) {
            now.add(new ProbeSecond(second, Instant.EPOCH.plusSeconds(second), scheduledOnly, null, null, null, 0, null));
        }

        assertThat(new ProbeFailing(1, Duration.ofSeconds(10)).holds(now)).isFalse();
    }

    @Test
    void itDefaultsToHalfTheCallsOverAMinute() {
        ProbeFailing defaults = new ProbeFailing(0, null);

        assertThat(defaults.percent()).isEqualTo(50.0);
        assertThat(defaults.window()).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.describe()).isEqualTo("at least 50.0% of probe calls failed over 60 s");
        run.probeAnswering(1, 1);
        rounds(59);
        assertThat(defaults.holds(run.observations())).isFalse();
        rounds(1);
        assertThat(defaults.holds(run.observations())).isTrue();
    }

    private void rounds(int count) {
        for (int i = 0; i < count; i++) {
            run.round();
        }
    }
}
