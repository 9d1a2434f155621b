package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fleet's own bookkeeping, over a fake registry (the real clients are in FleetIT). */
class FleetTest {

    /** What a fake registry holds: service name + port of every registered instance, per generation. */
    /** Dubbo's is 5 s; short here so the retries happen within the test. */
    private static final Duration RETRY_PERIOD = Duration.ofMillis(200);

    private final Map<String, Generation> registry = new ConcurrentHashMap<>();
    private final List<String> shutDowns = new CopyOnWriteArrayList<>();
    private volatile boolean failRegistrations;
    private volatile boolean failDeregistrations;

    private final Fleet fleet = new Fleet(new FleetLayout(10, 5, 30000, "lab"),
            new ClientSettings("127.0.0.1:8848", 1), (generation, settings) -> new RegistryClient() {
                @Override
                public void register(Provider p) {
                    if (failRegistrations) {
                        throw new IllegalStateException("server said no");
                    }
                    registry.put(p.serviceName() + "@" + p.port(), generation);
                }

                @Override
                public void deregister(Provider p) {
                    if (failDeregistrations) {
                        throw new IllegalStateException("server is busy");
                    }
                    registry.remove(p.serviceName() + "@" + p.port());
                }

                @Override
                public void shutDown() {
                    shutDowns.add(generation.label());
                }
            }, RETRY_PERIOD);

    @AfterEach
    void close() {
        fleet.close();
    }

    @Test
    void scalesUpThenDownHighestFirstClosingEmptiedProcesses() throws Exception {
        fleet.scaleTo(23, 10_000, Generation.V1X).get();
        assertThat(fleet.state().providers()).containsEntry("1x", 23).containsEntry("2x", 0);
        assertThat(fleet.state().processes()).containsEntry("1x", 5);
        assertThat(registry).hasSize(23);

        fleet.scaleTo(12, 10_000, Generation.V1X).get();
        FleetStatus state = fleet.state();
        assertThat(state.totalProviders()).isEqualTo(12);
        assertThat(state.processes()).containsEntry("1x", 3);
        assertThat(registry).hasSize(12).doesNotContainKey("providers:org.upgradelab.demo.LoadService002::@30002");
        assertThat(shutDowns).hasSize(2);
        assertThat(state.busy()).isFalse();
        assertThat(state.target()).isEqualTo(12);
    }

    @Test
    void upgradingABatchMovesItsProvidersToTheOtherGenerationAndKeepsTheTotal() throws Exception {
        fleet.scaleTo(30, 10_000, Generation.V1X).get();   // 6 processes of 5

        fleet.upgradeBatch(1, 3, Generation.V2X, 10_000).get();

        FleetStatus state = fleet.state();
        assertThat(state.providers()).containsEntry("1x", 20).containsEntry("2x", 10);
        assertThat(state.processes()).containsEntry("1x", 4).containsEntry("2x", 2);
        assertThat(registry).hasSize(30);
        assertThat(registry.values()).filteredOn(g -> g == Generation.V2X).hasSize(10);
        assertThat(registry).containsEntry("providers:org.upgradelab.demo.LoadService000::@30000", Generation.V2X);
    }

    @Test
    void aCrashDropsWholeProcessesWithoutDeregistering() throws Exception {
        fleet.scaleTo(25, 10_000, Generation.V2X).get();

        fleet.crashProcesses(2).get();

        assertThat(fleet.state().totalProviders()).isEqualTo(15);
        assertThat(registry).as("a crash leaves the registrations to the server").hasSize(25);
        assertThat(shutDowns).containsExactly("2x", "2x");
    }

    @Test
    void registrationsNameEachClientsServicesAndPortAsTheRegistryHoldsThem() throws Exception {
        fleet.scaleTo(12, 10_000, Generation.V1X).get();   // processes 0 and 1 full (5 each), process 2 with 2
        fleet.upgradeBatch(1, 3, Generation.V2X, 10_000).get();

        FleetRegistrations registrations = fleet.registrations();

        assertThat(registrations.services()).hasSize(10).startsWith("providers:org.upgradelab.demo.LoadService000::");
        assertThat(registrations.clients()).extracting(FleetRegistrations.Client::client).containsExactly(0, 1, 2);
        FleetRegistrations.Client last = registrations.clients().get(2);
        assertThat(last.port()).isEqualTo(30002);
        assertThat(last.generation()).isEqualTo("1x");
        assertThat(last.services()).containsExactly(0, 1);   // providers 10 and 11
        assertThat(registrations.clients().get(0).generation()).isEqualTo("2x");
        List<String> listed = registrations.clients().stream().flatMap(c -> c.services().stream()
                .map(s -> registrations.services().get(s) + "@" + c.port())).toList();
        assertThat(listed).containsExactlyInAnyOrderElementsOf(registry.keySet());
    }

    @Test
    void failedRegistrationsAreCountedTriedThreeTimesMoreAndNotCountedAsProviders() throws Exception {
        failRegistrations = true;
        fleet.scaleTo(7, 10_000, Generation.V1X).get();

        FleetStatus state = fleet.state();
        assertThat(state.registrationFailures()).isEqualTo(7);
        assertThat(state.totalProviders()).isZero();
        assertThat(state.lastError()).contains("server said no");
        await().atMost(Duration.ofSeconds(10)).until(() -> fleet.state().registrationFailures() == 7 * 4);
        // Dubbo gives up after 3 retries: the count stays for several retry periods
        await().during(RETRY_PERIOD.multipliedBy(3)).atMost(Duration.ofSeconds(10))
                .until(() -> fleet.state().registrationFailures() == 7 * 4);
        assertThat(fleet.state().totalProviders()).isZero();
    }

    @Test
    void providersARefusingServerLostRegisterOnceItAcceptsAgain() throws Exception {
        failRegistrations = true;
        fleet.scaleTo(7, 10_000, Generation.V2X).get();
        failRegistrations = false;

        await().atMost(Duration.ofSeconds(10)).until(() -> fleet.state().totalProviders() == 7);
        assertThat(registry).hasSize(7);
    }

    @Test
    void aRetryIsDroppedOnceTheFleetNoLongerWantsTheProvider() throws Exception {
        failRegistrations = true;
        fleet.scaleTo(7, 10_000, Generation.V1X).get();
        fleet.scaleTo(3, 10_000, Generation.V1X).get();
        failRegistrations = false;

        // the retries of providers 3 to 6 are dropped: the total stays 3 for several retry periods
        await().during(RETRY_PERIOD.multipliedBy(3)).atMost(Duration.ofSeconds(10))
                .until(() -> fleet.state().totalProviders() == 3);
        assertThat(registry).hasSize(3);
    }

    @Test
    void theRateBoundsHowFastProvidersRegister() throws Exception {
        long began = System.nanoTime();
        fleet.scaleTo(21, 100, Generation.V1X).get();   // the 21st is due 200 ms after the first
        assertThat((System.nanoTime() - began) / 1_000_000).isGreaterThanOrEqualTo(200);
    }

    @Test
    void aShrinkTheServerRefusesStopsTheClientsAnywayAndSaysWhatItLeftToExpire() throws Exception {
        fleet.scaleTo(23, 10_000, Generation.V1X).get();   // 5 processes: 5, 5, 5, 5, 3
        failDeregistrations = true;

        fleet.scaleTo(12, 10_000, Generation.V1X).get();

        FleetStatus state = fleet.state();
        assertThat(state.totalProviders()).isEqualTo(12);
        assertThat(state.processes()).containsEntry("1x", 3);
        assertThat(shutDowns).as("the two emptied processes' clients close").hasSize(2);
        StopReport stop = state.lastStop();
        assertThat(stop.requested()).isEqualTo(11);
        assertThat(stop.deregistered()).isZero();
        assertThat(stop.failed()).isEqualTo(11);
        assertThat(stop.leftToExpire()).isEqualTo(11);
        assertThat(stop.clientsClosed()).isEqualTo(2);
        assertThat(stop.firstError()).startsWith("deregister providers:").contains("server is busy");
        assertThat(registry).as("left for the server to expire").hasSize(23);
    }

    @Test
    void aShrinkReportsEveryDeregistrationTheServerConfirmed() throws Exception {
        fleet.scaleTo(23, 10_000, Generation.V2X).get();
        fleet.scaleTo(8, 10_000, Generation.V2X).get();

        StopReport stop = fleet.state().lastStop();
        assertThat(stop).extracting(StopReport::requested, StopReport::deregistered, StopReport::failed,
                StopReport::leftToExpire, StopReport::firstError).containsExactly(15, 15, 0, 0, "");
        assertThat(registry).hasSize(8);
    }
}
