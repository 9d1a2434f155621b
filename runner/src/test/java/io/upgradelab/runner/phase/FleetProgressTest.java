package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.SetUp;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.Fleet;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The fleet's waits go by progress, not by the clock: a deliberately slowed fleet (one provider per
 * window of its own wait) finishes however late, and one that stops advancing ends the wait, as the
 * lab's limit or, when its registrations kept failing, as the cluster's refusal.
 */
class FleetProgressTest {

    private static final Duration WINDOW = Duration.ofMillis(20);

    /** A fleet that registers {@code perWindow} providers per wait window, towards {@code target}. */
    private static class SlowFleet implements Fleet {
        private final int target;
        private final int perWindow;
        private final boolean failing;
        private final AtomicInteger registered = new AtomicInteger();
        private final AtomicInteger failures = new AtomicInteger();
        int waits;

        SlowFleet(int target, int perWindow, boolean failing) {
            this.target = target;
            this.perWindow = perWindow;
            this.failing = failing;
        }

        @Override
        public FleetStatus awaitIdle(Duration timeout) {
            waits++;
            registered.set(Math.min(target, registered.get() + perWindow));
            if (failing) {
                failures.incrementAndGet();
            }
            if (registered.get() < target) {
                throw new LabException(LabException.FAILED, "the fleet is still busy within "
                        + timeout.toMillis() + " ms");
            }
            return status();
        }

        @Override
        public FleetStatus status() {
            return new FleetStatus(Map.of("1.4.1", registered.get()), Map.of("1.4.1", 1), target,
                    registered.get() < target, failures.get(), 0, failing ? "refused" : "", null, 0, 0, 0, 0);
        }

        @Override
        public void scaleTo(int providers, double perSecond, String client) {
        }

        @Override
        public void upgradeBatch(int batch, int batches, String client, double perSecond) {
        }

        @Override
        public FleetRegistrations registrations() {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetUp.Placement whereItRuns() {
            return new SetUp.Placement(null, null, null, null, null);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aSlowedFleetFinishesLateInsteadOfFailing() {
        SlowFleet fleet = new SlowFleet(100, 1, false);   // 100 windows: far beyond the stall bound of 5
        FleetStatus done = new FleetProgress(fleet, WINDOW.multipliedBy(5), WINDOW).awaitIdle();
        assertThat(done.totalProviders()).isEqualTo(100);
        assertThat(done.busy()).isFalse();
        assertThat(fleet.waits).isEqualTo(100);
    }

    @Test
    void aFleetThatStopsAdvancingWithoutRefusalsIsTheLabsLimit() {
        SlowFleet fleet = new SlowFleet(100, 0, false);
        assertThatThrownBy(() -> new FleetProgress(fleet, WINDOW.multipliedBy(3), WINDOW).awaitIdle())
                .isInstanceOfSatisfying(FleetProgress.StalledFleet.class, stalled -> {
                    assertThat(stalled.labsLimit()).isTrue();
                    assertThat(stalled.getMessage()).contains("no progress").contains("0 of 100 providers")
                            .contains("without a refused registration");
                });
    }

    @Test
    void aStallWhileRegistrationsFailIsTheClustersRefusal() {
        SlowFleet fleet = new SlowFleet(100, 0, true);
        assertThatThrownBy(() -> new FleetProgress(fleet, WINDOW.multipliedBy(3), WINDOW).awaitIdle())
                .isInstanceOfSatisfying(FleetProgress.StalledFleet.class, stalled -> {
                    assertThat(stalled.labsLimit()).isFalse();
                    assertThat(stalled.getMessage()).contains("registrations failing").contains("last: refused");
                });
    }

    @Test
    void aFleetOperationThatThrewEndsThePhaseAsTheLabsOwnFailure() {
        Fleet failed = new SlowFleet(40, 40, false) {
            @Override
            public FleetStatus status() {
                return new FleetStatus(Map.of("2.5.1", 20), Map.of("2.5.1", 2), 40, false, 0, 0, "", null, 0, 0, 0,
                        0, "upgrade batch 1 of 2 to 3.1.1: IllegalStateException: boom");
            }
        };
        assertThatThrownBy(() -> new FleetProgress(failed, WINDOW.multipliedBy(3), WINDOW).awaitIdle())
                .isInstanceOfSatisfying(FleetProgress.FailedOperation.class, e -> {
                    assertThat(e.labsLimit()).as("the lab's failure: INCONCLUSIVE, not the cluster's FAIL").isTrue();
                    assertThat(e.getMessage()).isEqualTo("the fleet could not upgrade batch 1 of 2 to 3.1.1:"
                            + " IllegalStateException: boom (20 providers now; its console log has the trace)");
                });
    }

    @Test
    void anInterruptEndsTheWaitAtOnce() {
        Fleet interrupted = new SlowFleet(100, 1, false) {
            @Override
            public FleetStatus awaitIdle(Duration timeout) {
                throw new LabException(LabException.INTERRUPTED, "interrupted");
            }
        };
        assertThatThrownBy(() -> FleetProgress.of(interrupted).awaitIdle())
                .isInstanceOfSatisfying(LabException.class, e -> assertThat(e.exitCode())
                        .isEqualTo(LabException.INTERRUPTED));
    }

    @Test
    void theSlowPaceIsPastThreeTimesThePlanAndAMinute() {
        assertThat(FleetScaling.slowAfter(Duration.ofSeconds(35))).isEqualTo(Duration.ofSeconds(165));
    }
}
