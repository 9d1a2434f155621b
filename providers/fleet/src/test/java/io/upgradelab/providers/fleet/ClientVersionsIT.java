package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.nacos.ConnectedClient;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.journal.registry.Push;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.journal.registry.RegistryLogStarted;
import io.upgradelab.reports.check.CheckText;
import io.upgradelab.reports.check.Promise;
import io.upgradelab.reports.check.RegistryCheck;
import io.upgradelab.reports.check.RegistryEvidence;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded clients side by side, in this one JVM: nacos-client 1.4.1 registers with a 1.4.1
 * server; on one 2.3.2 server, providers register through every 2.x client version and roll
 * 2.0.4 -> 2.3.2 -> 2.5.1 batch by batch, and the server, which records the version each 2.x
 * connection reports, shows every provider on the version the fleet says; on a 3.1.0 server with
 * its v1 and v2 APIs off, they roll from 2.5.1 to 3.1.1. The fleet's registry log, checked against
 * the registry's promises, shows an instance deleted behind the fleet's back, and no violation in a
 * rolling client upgrade.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ClientVersionsIT {

    private static final int FIRST_PORT = 32000;

    @TempDir
    Path dir;

    /**
     * Also the registry's promises checked end to end: an instance deleted through the API behind the
     * fleet's back (and deleted again each time its client's beat brings it back, for 8 s) is found by
     * the checker in the fleet's registry log, with its timeline, and nothing else is.
     */
    @Test
    void theOneXClientRegistersWithAOneXServerAndTheCheckerFindsAnInstanceDeletedBehindItsBack() throws Exception {
        NacosDistributions servers = NacosDistributions.scan(LabHome.serverDistributions());
        LocalClusterSpec spec = LocalClusterSpec.of("1.4.1", 1, dir.resolve("v1"))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 20000));
        FleetLayout layout = new FleetLayout(5, 5, 31000, "gen-1x");
        Path log = dir.resolve(RegistryLog.NAME);
        try (LocalCluster server = LocalCluster.start(spec, servers, System.out::println);
             Fleet fleet = new Fleet(layout, new ClientSettings(server.node(1).address(), 1), registryLog(log, layout, server), 2)) {

            fleet.scaleTo(10, 50, "1x").get();

            assertThat(fleet.state().providers()).containsExactly(Map.entry("1.4.1", 10));
            assertThat(fleet.state().registrationFailures()).isZero();
            NacosApi api = server.node(1).api();
            assertRegistered(api, 10, "gen-1x", 31000);

            String service = layout.provider(0).serviceName();   // providers 0 and 5: ports 31000 and 31001
            awaitPushed(log, service, "127.0.0.1:31000");
            Instant deleted = Instant.now();
            holdDeleted(api, service, 31000, Duration.ofSeconds(8));
            awaitPushed(log, service, "127.0.0.1:31000");        // its client's beat brought it back

            RegistryLog read = RegistryLog.read(log);
            RegistryCheck.Result result = RegistryCheck.check(new RegistryEvidence(Optional.of(read), List.of(), read.end()),
                    new RegistryCheck.Bounds(Duration.ofSeconds(2), Duration.ofSeconds(30)));
            System.out.println(CheckText.render(result, 5));
            assertThat(result.coverage().ops()).as("10 acknowledged registrations").isEqualTo(10);
            assertThat(result.of(Promise.ackedVisible)).isNotEmpty().allSatisfy(v -> {
                assertThat(v.service()).isEqualTo(service);
                assertThat(v.instance()).isEqualTo("127.0.0.1:31000");
                assertThat(v.client()).isEqualTo("client 0, 1.4.1");
                assertThat(v.where()).isEqualTo("subscriber 1.4.1");
                assertThat(v.from()).isAfter(deleted);
                assertThat(v.timeline().get(0).what()).isEqualTo("registered by client 0, 1.4.1, acknowledged");
                assertThat(v.timeline().get(1).what()).endsWith(", without it");
            });
            assertThat(result.violations()).as("only the instance deleted behind the fleet's back").allSatisfy(v ->
                    assertThat(v.instance()).isEqualTo("127.0.0.1:31000"));
        }
    }

    /** The fleet's registry log, its subscribers following 2 services. */
    private static RegistryLog.Writer registryLog(Path file, FleetLayout layout, LocalCluster server) throws Exception {
        return RegistryLog.Writer.create(file, new RegistryLogStarted(RegistryLog.FORMAT, List.of(server.node(1).address()),
                Fleet.sampledServices(layout, 2)));
    }

    /** Waits until a subscriber's last push of {@code service} lists {@code instance}. */
    private static void awaitPushed(Path log, String service, String instance) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<Push> pushes = RegistryLog.read(log).pushes().stream().map(l -> l.body())
                    .filter(p -> p.service().equals(service)).toList();
            return !pushes.isEmpty() && pushes.get(pushes.size() - 1).instances().contains(instance);
        });
    }

    /**
     * Deletes the instance at {@code port} of {@code service} through the node's API, and again each time it is
     * back (a 1.x client registers it again when its beat is refused), for {@code duration}.
     */
    private static void holdDeleted(NacosApi api, String service, int port, Duration duration) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < end) {
            if (api.instances(service).stream().anyMatch(i -> i.port() == port)) {
                api.deregisterInstance(service, NacosApi.DEFAULT_GROUP, "127.0.0.1", port);
            }
            Thread.sleep(200);
        }
    }

    @Test
    void everyTwoXClientRegistersAndRollsToTheNextOnOneServer() throws Exception {
        NacosDistributions servers = NacosDistributions.scan(LabHome.serverDistributions());
        LocalClusterSpec spec = LocalClusterSpec.of("2.3.2", 1, dir.resolve("v2"))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 21000));
        FleetLayout layout = new FleetLayout(5, 5, FIRST_PORT, "versions");
        Path log = dir.resolve(RegistryLog.NAME);
        try (LocalCluster server = LocalCluster.start(spec, servers, System.out::println);
             Fleet fleet = new Fleet(layout, new ClientSettings(server.node(1).address(), 1), registryLog(log, layout, server),
                     2)) {
            NacosApi api = server.node(1).api();

            fleet.scaleTo(20, 50, "2.0.4").get();                   // processes 0-3
            assertServerSees(api, versions("2.0.4", "2.0.4", "2.0.4", "2.0.4"));
            fleet.upgradeBatch(1, 2, "2.3.2", 50).get();            // processes 0-1
            assertServerSees(api, versions("2.3.2", "2.3.2", "2.0.4", "2.0.4"));
            fleet.upgradeBatch(2, 2, "2.3.2", 50).get();
            fleet.scaleTo(30, 50, "2.5.1").get();                   // processes 4-5 start on the newest
            assertServerSees(api, versions("2.3.2", "2.3.2", "2.3.2", "2.3.2", "2.5.1", "2.5.1"));
            fleet.upgradeBatch(1, 3, "2.5.1", 50).get();
            fleet.upgradeBatch(2, 3, "2.5.1", 50).get();
            assertServerSees(api, versions("2.5.1", "2.5.1", "2.5.1", "2.5.1", "2.5.1", "2.5.1"));

            FleetStatus state = fleet.state();
            assertThat(state.providers()).containsExactly(Map.entry("2.5.1", 30));
            assertThat(state.registrationFailures() + state.clientErrors()).isZero();
            assertThat(state.nominalBeatsPerSecond()).isZero();
            assertRegistered(api, 30, "versions", FIRST_PORT);

            // a rolling client upgrade the registry handled well breaks none of its promises
            awaitPushed(log, layout.provider(0).serviceName(), "127.0.0.1:" + FIRST_PORT);
            RegistryLog read = RegistryLog.read(log);
            RegistryCheck.Result result = RegistryCheck.check(new RegistryEvidence(Optional.of(read), List.of(),
                    read.end()), RegistryCheck.Bounds.DEFAULT);
            assertThat(result.coverage().subscribers()).containsExactly("subscriber 2.0.4", "subscriber 2.3.2",
                    "subscriber 2.5.1");
            assertThat(result.violations()).as(CheckText.render(result, 5)).isEmpty();
        }
    }

    /**
     * A 3.x server as 3.2 ships (every v1 and v2 API off, so the lab sees it through v3 alone):
     * providers register through nacos-client 2.5.1 and roll to 3.1.1 batch by batch.
     */
    @Test
    void theThreeXClientTakesOverFromTwoXOnAThreeXServerWithoutItsOldApis() throws Exception {
        NacosDistributions servers = NacosDistributions.scan(LabHome.serverDistributions());
        LocalClusterSpec spec = LocalClusterSpec.of("3.1.0", 1, dir.resolve("v3"))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 22000)).withServerProperties(Map.of(
                        "nacos.core.api.compatibility.client.enabled", "false",
                        "nacos.core.api.compatibility.admin.enabled", "false",
                        "nacos.core.api.compatibility.console.enabled", "false"));
        try (LocalCluster server = LocalCluster.start(spec, servers, System.out::println);
             Fleet fleet = new Fleet(new FleetLayout(5, 5, FIRST_PORT, "versions"),
                     new ClientSettings(server.node(1).address(), 1))) {
            NacosApi api = server.node(1).api();

            fleet.scaleTo(20, 50, "2.5.1").get();
            assertServerSees(api, versions("2.5.1", "2.5.1", "2.5.1", "2.5.1"));
            fleet.upgradeBatch(1, 2, "3.1.1", 50).get();
            assertServerSees(api, versions("3.1.1", "3.1.1", "2.5.1", "2.5.1"));
            fleet.upgradeBatch(2, 2, "3.1.1", 50).get();
            assertServerSees(api, versions("3.1.1", "3.1.1", "3.1.1", "3.1.1"));

            FleetStatus state = fleet.state();
            assertThat(state.providers()).containsExactly(Map.entry("3.1.1", 20));
            assertThat(state.registrationFailures() + state.clientErrors()).isZero();
            assertRegistered(api, 20, "versions", FIRST_PORT);
            assertThat(NacosApi.of(server.node(1).address()).isReady()).as("the v1 API is off").isFalse();
        }
    }

    /** Process p (port FIRST_PORT + p) on {@code byProcess[p]}. */
    private static Map<Integer, String> versions(String... byProcess) {
        Map<Integer, String> map = new TreeMap<>();
        for (int p = 0; p < byProcess.length; p++) {
            map.put(FIRST_PORT + p, byProcess[p]);
        }
        return map;
    }

    /**
     * The server's own view: every instance it holds comes from a client that reported the expected
     * version for its process, on loopback; no process has instances from clients of two versions,
     * and the server holds 5 instances per process, no more (a stopped client's are gone).
     */
    private static void assertServerSees(NacosApi api, Map<Integer, String> versionByPort) {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Map<Integer, Set<String>> seen = new TreeMap<>();
            for (ConnectedClient client : api.connectedClients()) {
                for (ConnectedClient.Published instance : client.published()) {
                    assertThat(client.type()).isEqualTo("connection");
                    assertThat(client.clientIp()).isEqualTo("127.0.0.1");
                    assertThat(instance.ip()).isEqualTo("127.0.0.1");
                    seen.computeIfAbsent(instance.port(), port -> new TreeSet<>()).add(client.clientVersion());
                }
            }
            Map<Integer, String> expected = new TreeMap<>();
            versionByPort.forEach((port, version) -> expected.put(port, "[" + version + "]"));
            assertThat(seen).hasToString(expected.toString());
            assertThat(api.services().stream().mapToInt(s -> s.instances()).sum()).isEqualTo(5 * versionByPort.size());
        });
    }

    /** {@code count} providers over 5 services, Dubbo-named, on 127.0.0.1, with Dubbo metadata. */
    private static void assertRegistered(NacosApi api, int count, String application, int firstPort) {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(
                api.services().stream().mapToInt(s -> s.instances()).sum()).isEqualTo(count));
        int processes = count / 5;
        for (int s = 0; s < 5; s++) {
            String iface = String.format("org.upgradelab.demo.LoadService%03d", s);
            assertThat(api.instances("providers:" + iface + "::")).hasSize(processes).allSatisfy(i -> {
                assertThat(i.ip()).isEqualTo("127.0.0.1");
                assertThat(i.port()).isBetween(firstPort, firstPort + processes - 1);
                assertThat(i.metadata()).containsEntry("interface", iface).containsEntry("application", application)
                        .containsEntry("side", "provider").containsEntry("protocol", "dubbo");
            });
        }
        assertThat(api.services()).filteredOn(s -> s.group().equals(NacosApi.DEFAULT_GROUP))
                .allSatisfy(s -> assertThat(s.name()).startsWith("providers:org.upgradelab.demo."));
        RegisteredInstance any = api.instances("providers:org.upgradelab.demo.LoadService000::").get(0);
        assertThat(any.healthy()).isTrue();
    }
}
