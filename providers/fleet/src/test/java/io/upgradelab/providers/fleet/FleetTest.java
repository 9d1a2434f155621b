package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingClientFactory;
import io.upgradelab.naming.NamingSettings;
import io.upgradelab.naming.PushedInstance;
import io.upgradelab.naming.Registration;
import io.upgradelab.journal.registry.InstanceOp;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.journal.registry.RegistryLogStarted;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fleet's own bookkeeping, over a fake registry (the real clients are in BothGenerationsIT). */
class FleetTest {

    /** Dubbo's is 5 s; short here so the retries happen within the test. */
    private static final Duration RETRY_PERIOD = Duration.ofMillis(200);

    /** What a fake registry holds: service name + port of every registered instance, with its client's version. */
    private final Map<String, String> registry = new ConcurrentHashMap<>();
    private final List<String> shutDowns = new CopyOnWriteArrayList<>();
    private volatile boolean failRegistrations;
    private volatile boolean failDeregistrations;
    /** How many of the next clients fail to start. */
    private final java.util.concurrent.atomic.AtomicInteger failingStarts = new java.util.concurrent.atomic.AtomicInteger();
    /** Registrations throw an Error, as a client class that does not load would: not a refusal, the lab's fault. */
    private volatile boolean breakRegistrations;
    /** How long a client takes to start, as the first client of a version loading its classes does. */
    private volatile long startMillis;
    /** When each registration reached the fake registry, in nanoseconds, in order. */
    private final List<Long> registeredAt = new CopyOnWriteArrayList<>();

    private final Fleet fleet = new Fleet(new FleetLayout(10, 5, 30000, "lab"), new ClientSettings("127.0.0.1:8848", 1),
            new ClientCatalog(List.of(new FakeClient("1.4.1", true), new FakeClient("2.0.4", false),
                    new FakeClient("2.5.1", false))), RETRY_PERIOD);

    /** A client version whose clients write to {@link #registry}. */
    private final class FakeClient implements NamingClientFactory {
        private final String version;
        private final boolean beats;

        FakeClient(String version, boolean beats) {
            this.version = version;
            this.beats = beats;
        }

        @Override
        public String clientVersion() {
            return version;
        }

        @Override
        public boolean beatsPerInstance() {
            return beats;
        }

        @Override
        public long beatsSent() {
            return 0;
        }

        @Override
        public ConfigClient connectConfigs(ConfigSettings settings) {
            throw new UnsupportedOperationException("the fleet makes no config clients");
        }

        @Override
        public NamingClient connect(NamingSettings settings) {
            assertThat(settings.localIp()).isEqualTo("127.0.0.1");
            try {
                Thread.sleep(startMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (failingStarts.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new IllegalStateException("nacos-client could not start: server unreachable");
            }
            return new NamingClient() {
                @Override
                public void register(Registration r) {
                    if (breakRegistrations) {
                        throw new NoClassDefFoundError("com/alibaba/nacos/Shaded");
                    }
                    if (failRegistrations) {
                        throw new IllegalStateException("server said no");
                    }
                    registry.put(r.serviceName() + "@" + r.port(), version);
                    registeredAt.add(System.nanoTime());
                }

                @Override
                public void deregister(Registration r) {
                    if (failDeregistrations) {
                        throw new IllegalStateException("server is busy");
                    }
                    registry.remove(r.serviceName() + "@" + r.port());
                }

                @Override
                public void subscribe(String service, java.util.function.Consumer<List<PushedInstance>> onPush) {
                    onPush.accept(registry.keySet().stream().filter(k -> k.startsWith(service + "@"))
                            .map(k -> new PushedInstance("127.0.0.1", Integer.parseInt(k.substring(k.indexOf('@') + 1)),
                                    true, true)).toList());
                }

                @Override
                public void shutDown() {
                    shutDowns.add(version);
                }
            };
        }
    }

    @AfterEach
    void close() {
        fleet.close();
    }

    @Test
    void scalesUpThenDownHighestFirstClosingEmptiedProcesses() throws Exception {
        fleet.scaleTo(23, 10_000, "1x").get();
        assertThat(fleet.state().providers()).containsExactly(Map.entry("1.4.1", 23));
        assertThat(fleet.state().processes()).containsExactly(Map.entry("1.4.1", 5));
        assertThat(fleet.state().nominalBeatsPerSecond()).as("one beat per 1.x provider every 5 s").isEqualTo(23 / 5.0);
        assertThat(registry).hasSize(23);

        fleet.scaleTo(12, 10_000, "1x").get();
        FleetStatus state = fleet.state();
        assertThat(state.totalProviders()).isEqualTo(12);
        assertThat(state.processes()).containsEntry("1.4.1", 3);
        assertThat(registry).hasSize(12).doesNotContainKey("providers:org.upgradelab.demo.LoadService002::@30002");
        assertThat(shutDowns).hasSize(2);
        assertThat(state.busy()).isFalse();
        assertThat(state.target()).isEqualTo(12);
    }

    @Test
    void upgradingABatchMovesItsProvidersToTheOtherVersionAndKeepsTheTotal() throws Exception {
        fleet.scaleTo(30, 10_000, "1x").get();   // 6 processes of 5

        fleet.upgradeBatch(1, 3, "2x", 10_000).get();

        FleetStatus state = fleet.state();
        assertThat(state.providers()).containsEntry("1.4.1", 20).containsEntry("2.0.4", 10);
        assertThat(state.processes()).containsEntry("1.4.1", 4).containsEntry("2.0.4", 2);
        assertThat(state.nominalBeatsPerSecond()).as("2.x clients do not beat per instance").isEqualTo(20 / 5.0);
        assertThat(registry).hasSize(30);
        assertThat(registry.values()).filteredOn("2.0.4"::equals).hasSize(10);
        assertThat(registry).containsEntry("providers:org.upgradelab.demo.LoadService000::@30000", "2.0.4");
    }

    @Test
    void batchesMoveBetweenAnyTwoVersionsNamedByVersionOrShorthand() throws Exception {
        fleet.scaleTo(20, 10_000, "2.0.4").get();   // 4 processes of 5

        fleet.upgradeBatch(1, 2, "2.5.1", 10_000).get();
        fleet.upgradeBatch(2, 2, "2.5.1", 10_000).get();

        assertThat(fleet.state().providers()).containsExactly(Map.entry("2.5.1", 20));
        assertThat(shutDowns).as("each 2.0.4 client closed once its providers left").containsExactly(
                "2.0.4", "2.0.4", "2.0.4", "2.0.4");
        assertThat(registry.values()).containsOnly("2.5.1");
    }

    @Test
    void aClientsStartMovesTheScheduleInsteadOfBunchingTheRegistrationsDueMeanwhile() throws Exception {
        startMillis = 400;   // each process's client; its 5 registrations are due 50 ms apart
        fleet.scaleTo(10, 20, "2.0.4").get();

        assertThat(registeredAt).hasSize(10);
        for (int process = 0; process < 2; process++) {
            long first = registeredAt.get(5 * process);
            long last = registeredAt.get(5 * process + 4);
            assertThat((last - first) / 1_000_000).as("process %d's five registrations, paced", process)
                    .isGreaterThanOrEqualTo(180);
        }
    }

    @Test
    void aClientThatFailsToStartIsStartedAgainAndTheBatchKeepsEveryProvider() throws Exception {
        fleet.scaleTo(20, 10_000, "2.0.4").get();   // 4 processes of 5
        failingStarts.set(2);   // the first restarted process's client fails twice, then starts

        fleet.upgradeBatch(1, 2, "2.5.1", 10_000).get();
        fleet.upgradeBatch(2, 2, "2.5.1", 10_000).get();

        FleetStatus state = fleet.state();
        assertThat(state.providers()).containsExactly(Map.entry("2.5.1", 20));
        assertThat(state.clientErrors()).isEqualTo(2);
        assertThat(state.lastError()).isEqualTo("start nacos-client 2.5.1 for process 0 (try 2): IllegalStateException:"
                + " nacos-client could not start: server unreachable");
        assertThat(state.operationFailed()).isFalse();
    }

    @Test
    void aClientThatNeverStartsLeavesItsProvidersUnregisteredAndTheRestOfTheBatchGoesOn() throws Exception {
        fleet.scaleTo(20, 10_000, "2.0.4").get();
        failingStarts.set(4);   // process 0's client: its first start and all three retries fail

        fleet.upgradeBatch(1, 2, "2.5.1", 10_000).get();

        FleetStatus state = fleet.state();
        assertThat(state.providers()).as("process 1 restarted, process 0 did not")
                .containsExactly(Map.entry("2.0.4", 10), Map.entry("2.5.1", 5));
        assertThat(state.registrationFailures()).as("process 0's five providers").isEqualTo(5);
        assertThat(state.target()).as("still wanted").isEqualTo(20);
        assertThat(state.operationFailed()).isFalse();
    }

    @Test
    void anOperationThatThrowsIsKeptInTheStateOnceTheFleetIsIdle() {
        breakRegistrations = true;
        Future<Void> scaling = fleet.scaleTo(5, 10_000, "1x");

        assertThatThrownBy(scaling::get).hasRootCauseInstanceOf(NoClassDefFoundError.class);
        FleetStatus state = fleet.state();
        assertThat(state.busy()).isFalse();
        assertThat(state.failedOperation()).isEqualTo(
                "scale to 5 providers: NoClassDefFoundError: com/alibaba/nacos/Shaded");
    }

    @Test
    void theRegistryLogHoldsEveryAcknowledgedOperationAndTheSubscribersPushes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(RegistryLog.NAME);
        FleetLayout layout = new FleetLayout(10, 5, 30000, "lab");
        RegistryLog.Writer log = RegistryLog.Writer.create(file,
                new RegistryLogStarted(RegistryLog.FORMAT, List.of("127.0.0.1:8848"), Fleet.sampledServices(layout, 2)));
        try (Fleet recording = new Fleet(layout, new ClientSettings("127.0.0.1:8848", 1),
                new ClientCatalog(List.of(new FakeClient("1.4.1", true))), RETRY_PERIOD, log, 2)) {
            recording.scaleTo(15, 10_000, "1x").get();            // processes 0, 1, 2
            recording.crashProcesses(1).get();                     // process 2: providers 10-14
            recording.scaleTo(8, 10_000, "1x").get();             // providers 9, 8 deregister
            failDeregistrations = true;
            recording.scaleTo(7, 10_000, "1x").get();             // provider 7: not confirmed
            failDeregistrations = false;
            await().atMost(Duration.ofSeconds(5)).until(() -> RegistryLog.read(file).pushes().size() >= 2);
        }

        RegistryLog read = RegistryLog.read(file);
        assertThat(read.started().subscribedServices()).containsExactly("providers:org.upgradelab.demo.LoadService000::",
                "providers:org.upgradelab.demo.LoadService001::");
        Map<InstanceOp.Op, Long> ops = read.ops().stream().collect(java.util.stream.Collectors.groupingBy(
                l -> l.body().op(), java.util.stream.Collectors.counting()));
        assertThat(ops).containsEntry(InstanceOp.Op.registered, 15L).containsEntry(InstanceOp.Op.crashed, 5L)
                .containsEntry(InstanceOp.Op.leftToExpire, 1L)
                .as("2 by the shrink, 7 at the fleet's close").containsEntry(InstanceOp.Op.deregistered, 9L);
        InstanceOp crashed = read.ops().stream().map(l -> l.body()).filter(o -> o.op() == InstanceOp.Op.crashed)
                .findFirst().orElseThrow();
        assertThat(crashed.client()).isEqualTo(2);
        assertThat(crashed.instance()).isEqualTo("127.0.0.1:30002");
        assertThat(crashed.clientVersion()).isEqualTo("1.4.1");
        assertThat(read.ops()).allSatisfy(l -> assertThat(l.body().requested()).isBeforeOrEqualTo(l.time()));
        assertThat(read.pushes()).extracting(l -> l.body().subscriber()).containsOnly("subscriber 1.4.1");
    }

    @Test
    void aVersionTheFleetDoesNotHaveIsRefusedNamingTheOnesItHas() {
        assertThatThrownBy(() -> fleet.scaleTo(5, 100, "2.2.0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown client version '2.2.0': this JVM has 1.4.1, 2.0.4, 2.5.1 (shorthands: 1x = 1.4.1,"
                        + " 2x = 2.0.4)");
        assertThatThrownBy(() -> fleet.upgradeBatch(1, 1, "3x", 100)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown client version '3x'");
        assertThat(registry).isEmpty();
    }

    @Test
    void aCrashDropsWholeProcessesWithoutDeregistering() throws Exception {
        fleet.scaleTo(25, 10_000, "2x").get();

        fleet.crashProcesses(2).get();

        assertThat(fleet.state().totalProviders()).isEqualTo(15);
        assertThat(registry).as("a crash leaves the registrations to the server").hasSize(25);
        assertThat(shutDowns).containsExactly("2.0.4", "2.0.4");
    }

    @Test
    void registrationsNameEachClientsServicesAndPortAsTheRegistryHoldsThem() throws Exception {
        fleet.scaleTo(12, 10_000, "1x").get();   // processes 0 and 1 full (5 each), process 2 with 2
        fleet.upgradeBatch(1, 3, "2x", 10_000).get();

        FleetRegistrations registrations = fleet.registrations();

        assertThat(registrations.services()).hasSize(10).startsWith("providers:org.upgradelab.demo.LoadService000::");
        assertThat(registrations.clients()).extracting(FleetRegistrations.Client::client).containsExactly(0, 1, 2);
        FleetRegistrations.Client last = registrations.clients().get(2);
        assertThat(last.port()).isEqualTo(30002);
        assertThat(last.version()).isEqualTo("1.4.1");
        assertThat(last.services()).containsExactly(0, 1);   // providers 10 and 11
        assertThat(registrations.clients().get(0).version()).isEqualTo("2.0.4");
        List<String> listed = registrations.clients().stream().flatMap(c -> c.services().stream()
                .map(s -> registrations.services().get(s) + "@" + c.port())).toList();
        assertThat(listed).containsExactlyInAnyOrderElementsOf(registry.keySet());
    }

    @Test
    void failedRegistrationsAreCountedTriedThreeTimesMoreAndNotCountedAsProviders() throws Exception {
        failRegistrations = true;
        fleet.scaleTo(7, 10_000, "1x").get();

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
        fleet.scaleTo(7, 10_000, "2x").get();
        failRegistrations = false;

        await().atMost(Duration.ofSeconds(10)).until(() -> fleet.state().totalProviders() == 7);
        assertThat(registry).hasSize(7);
    }

    @Test
    void aRetryIsDroppedOnceTheFleetNoLongerWantsTheProvider() throws Exception {
        failRegistrations = true;
        fleet.scaleTo(7, 10_000, "1x").get();
        fleet.scaleTo(3, 10_000, "1x").get();
        failRegistrations = false;

        // the retries of providers 3 to 6 are dropped: the total stays 3 for several retry periods
        await().during(RETRY_PERIOD.multipliedBy(3)).atMost(Duration.ofSeconds(10))
                .until(() -> fleet.state().totalProviders() == 3);
        assertThat(registry).hasSize(3);
    }

    @Test
    void theRateBoundsHowFastProvidersRegister() throws Exception {
        long began = System.nanoTime();
        fleet.scaleTo(21, 100, "1x").get();   // the 21st is due 200 ms after the first
        assertThat((System.nanoTime() - began) / 1_000_000).isGreaterThanOrEqualTo(200);
    }

    @Test
    void aShrinkTheServerRefusesStopsTheClientsAnywayAndSaysWhatItLeftToExpire() throws Exception {
        fleet.scaleTo(23, 10_000, "1x").get();   // 5 processes: 5, 5, 5, 5, 3
        failDeregistrations = true;

        fleet.scaleTo(12, 10_000, "1x").get();

        FleetStatus state = fleet.state();
        assertThat(state.totalProviders()).isEqualTo(12);
        assertThat(state.processes()).containsEntry("1.4.1", 3);
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
        fleet.scaleTo(23, 10_000, "2x").get();
        fleet.scaleTo(8, 10_000, "2x").get();

        StopReport stop = fleet.state().lastStop();
        assertThat(stop).extracting(StopReport::requested, StopReport::deregistered, StopReport::failed,
                StopReport::leftToExpire, StopReport::firstError).containsExactly(15, 15, 0, 0, "");
        assertThat(registry).hasSize(8);
    }
}
