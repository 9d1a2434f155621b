package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.StopReport;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.Registration;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A stop of providers ends within its budget whatever the server does (the real clients: ShrinkAgainstPausedClusterIT). */
class BoundedStopTest {

    private final CountDownLatch never = new CountDownLatch(1);
    private final AtomicInteger shutDowns = new AtomicInteger();

    /** A server that takes every deregistration and never answers, as a saturated 1.x cluster can. */
    private final NamingClient hanging = new NamingClient() {
        @Override
        public void register(Registration registration) {
        }

        @Override
        public void deregister(Registration registration) throws InterruptedException {
            never.await();
        }

        @Override
        public void shutDown() {
            shutDowns.incrementAndGet();
        }
    };

    @Test
    void deregistrationsThatNeverAnswerAreAbandonedAtTheDeadline() {
        List<BoundedStop.Removal> removals = List.of(
                removal(new VirtualProcess(0, "1.4.1", hanging), 0, 40, true),
                removal(new VirtualProcess(1, "1.4.1", hanging), 40, 40, false));

        long began = System.nanoTime();
        StopReport report = BoundedStop.run(removals, 10_000, Duration.ofMillis(700), new ErrorCounter());
        long millis = (System.nanoTime() - began) / 1_000_000;

        assertThat(millis).as("ends at its budget, not when the server answers").isBetween(650L, 5_000L);
        assertThat(report.requested()).isEqualTo(80);
        assertThat(report.deregistered()).isZero();
        assertThat(report.leftToExpire()).isEqualTo(80);
        assertThat(report.clientsClosed()).as("only the process that stopped as a whole").isEqualTo(1);
        assertThat(shutDowns.get()).isEqualTo(1);
    }

    @Test
    void slotsBeyondTheDeadlineAreNotTriedAtAll() {
        AtomicInteger tried = new AtomicInteger();
        NamingClient quick = new NamingClient() {
            @Override
            public void register(Registration registration) {
            }

            @Override
            public void deregister(Registration registration) {
                tried.incrementAndGet();
            }

            @Override
            public void shutDown() {
            }
        };
        // 100 at 20 per second would take 5 s: a 1 s budget tries about 20
        StopReport report = BoundedStop.run(List.of(removal(new VirtualProcess(0, "2.0.4", quick), 0, 100, true)),
                20, Duration.ofSeconds(1), new ErrorCounter());

        assertThat(tried.get()).isBetween(15, 25);
        assertThat(report.deregistered()).isEqualTo(tried.get());
        assertThat(report.leftToExpire()).isEqualTo(100 - tried.get());
        assertThat(report.failed()).isZero();
    }

    /** What waits on the fleet sees a long stop advance (FleetProgress): each deregistration that ends is told. */
    @Test
    void aStopTellsHowFarItGotAfterEachDeregistration() {
        NamingClient quick = new NamingClient() {
            @Override
            public void register(Registration registration) {
            }

            @Override
            public void deregister(Registration registration) {
            }

            @Override
            public void shutDown() {
            }
        };
        List<StopReport> told = new java.util.concurrent.CopyOnWriteArrayList<>();

        StopReport report = BoundedStop.run(List.of(removal(new VirtualProcess(0, "1.4.1", quick), 0, 30, true)),
                100, Duration.ofSeconds(5), new ErrorCounter(), RegistryRecord.NONE, told::add);

        assertThat(told).hasSize(30).allSatisfy(r -> {
            assertThat(r.requested()).isEqualTo(30);
            assertThat(r.deregistered() + r.leftToExpire()).isEqualTo(30);
        });
        assertThat(told).extracting(StopReport::deregistered).as("how far, each time one ended").allSatisfy(n ->
                assertThat(n).isBetween(1, 30)).contains(30);
        assertThat(report.deregistered()).isEqualTo(30);
        assertThat(report.clientsClosed()).isEqualTo(1);
    }

    @Test
    void theBudgetIsTwiceThePacedTimePlusThirtySeconds() {
        assertThat(BoundedStop.budget(8000, 200)).isEqualTo(Duration.ofSeconds(110));
    }

    private static BoundedStop.Removal removal(VirtualProcess process, int first, int count, boolean whole) {
        List<Provider> providers = java.util.stream.IntStream.range(first, first + count)
                .mapToObj(i -> new Provider(i, "providers:S" + i + "::", "127.0.0.1", 30000, Map.of()))
                .toList();
        return new BoundedStop.Removal(process, providers, whole);
    }
}
