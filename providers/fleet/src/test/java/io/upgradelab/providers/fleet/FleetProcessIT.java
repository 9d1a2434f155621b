package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LocalNode;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet as the runner drives it: a separate JVM behind its loopback control channel, 300
 * providers through 1.x clients on a real 3-node 2.0.4 cluster, then one batch of three upgraded
 * to 2.x clients, which must leave every node holding all 300.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FleetProcessIT {

    private static final int PROVIDERS = 300;
    private static final int SERVICES = 30;

    @TempDir
    Path dir;

    @Test
    void threeHundredProvidersAreVisibleAndAnUpgradedBatchKeepsTheTotal() {
        LocalClusterSpec spec = LocalClusterSpec.of("2.0.4", 3, dir.resolve("cluster"))
                .withFirstPort(LocalClusterSpec.firstFreePort(3, 20000));
        try (LocalCluster cluster = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()),
                System.out::println)) {
            String servers = cluster.localNodes().stream().map(LocalNode::address).collect(Collectors.joining(","));
            try (FleetProcess fleet = FleetProcess.start(FleetSettings.forServers(servers).withLayout(SERVICES, 10),
                    dir.resolve("fleet"), System.out::println)) {

                fleet.scaleTo(PROVIDERS, 150, "1x");
                FleetStatus ramped = fleet.awaitIdle(Duration.ofMinutes(2));
                assertThat(ramped.registrationFailures()).as(ramped.lastError()).isZero();
                assertThat(ramped.providers("1.4.1")).isEqualTo(PROVIDERS);
                for (LocalNode node : cluster.localNodes()) {
                    awaitTotal(node.api(), PROVIDERS);
                }
                assertEveryProviderIsDubboShapedOnLoopback(cluster.node(2).api());
                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofSeconds(2)).untilAsserted(() -> {
                    FleetStatus beating = fleet.status();   // 1.x clients beat every 5 s per provider
                    assertThat(beating.nominalBeatsPerSecond()).isEqualTo(PROVIDERS / 5.0);
                    assertThat(beating.beatsPerSecond()).isPositive();
                });

                fleet.upgradeBatch(1, 3, "2x", 150);
                FleetStatus upgraded = fleet.awaitIdle(Duration.ofMinutes(2));

                assertThat(upgraded.providers("1.4.1")).isEqualTo(200);
                assertThat(upgraded.providers("2.0.4")).isEqualTo(100);
                assertThat(upgraded.registrationFailures() + upgraded.clientErrors()).as(upgraded.lastError()).isZero();
                for (LocalNode node : cluster.localNodes()) {
                    awaitTotal(node.api(), PROVIDERS);
                }
                assertEveryProviderIsDubboShapedOnLoopback(cluster.node(3).api());
                assertThat(upgraded.rssBytes()).isPositive();
            }
        }
    }

    private static void awaitTotal(NacosApi api, int expected) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                assertThat(api.services().stream().mapToInt(s -> s.instances()).sum()).isEqualTo(expected));
    }

    private static void assertEveryProviderIsDubboShapedOnLoopback(NacosApi api) {
        for (int s = 0; s < SERVICES; s++) {
            String iface = String.format("org.upgradelab.demo.LoadService%03d", s);
            assertThat(api.instances("providers:" + iface + "::")).hasSize(PROVIDERS / SERVICES).allSatisfy(i -> {
                assertThat(i.ip()).isEqualTo("127.0.0.1");
                assertThat(i.metadata()).containsEntry("interface", iface).containsEntry("path", iface)
                        .containsEntry("category", "providers").containsEntry("side", "provider")
                        .containsKeys("dubbo", "release", "methods", "timestamp", "application");
            });
        }
    }
}
