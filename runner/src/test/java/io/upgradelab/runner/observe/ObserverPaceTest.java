package io.upgradelab.runner.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An expensive observer takes at most a fifth of the observation's time, and runs first time round. */
class ObserverPaceTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void runsAtOnceTheFirstTime() {
        assertThat(new ObserverPace().due(0)).isTrue();
    }

    @Test
    void aRunOfFourSecondsWaitsTwentyFromItsStart() {
        ObserverPace pace = new ObserverPace();
        pace.ran(100 * SECOND, 4 * SECOND);
        assertThat(pace.due(105 * SECOND)).isFalse();
        assertThat(pace.due(119 * SECOND)).isFalse();
        assertThat(pace.due(120 * SECOND)).isTrue();
    }

    @Test
    void aQuickRunIsDueEveryRound() {
        ObserverPace pace = new ObserverPace();
        pace.ran(0, SECOND / 2);
        assertThat(pace.due(5 * SECOND)).isTrue();
    }

    @Test
    void theMinimalSetLeavesOutExactlyTheExpensiveObservers() {
        assertThat(Observers.all()).anyMatch(Observer::expensive);
        assertThat(Observers.all().stream().filter(ObservationSet.MINIMAL::includes))
                .isNotEmpty().noneMatch(Observer::expensive);
        assertThat(Observers.all().stream().filter(ObservationSet.FULL::includes)).hasSameSizeAs(Observers.all());
        assertThat(Observers.all().stream().filter(Observer::expensive).map(Observer::name))
                .containsExactlyInAnyOrder("configs", "failureSigns", "missingInstances");
    }
}
