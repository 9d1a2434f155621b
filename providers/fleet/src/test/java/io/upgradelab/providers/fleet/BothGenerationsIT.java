package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded clients side by side: in this one JVM, nacos-client 1.4.1 registers with a 1.4.1
 * server and nacos-client 2.0.4 (gRPC) with a 2.0.4 server, each with Dubbo-format providers.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BothGenerationsIT {

    @TempDir
    Path dir;

    @Test
    void eachGenerationRegistersWithAServerOfItsOwnGenerationFromOneJvm() throws Exception {
        NacosDistributions servers = NacosDistributions.scan(LabHome.serverDistributions());
        LocalClusterSpec v1 = LocalClusterSpec.of("1.4.1", 1, dir.resolve("v1")).withFirstPort(LocalClusterSpec.firstFreePort(1, 20000));
        try (LocalCluster server1 = LocalCluster.start(v1, servers, System.out::println)) {
            LocalClusterSpec v2 = LocalClusterSpec.of("2.0.4", 1, dir.resolve("v2"))
                    .withFirstPort(LocalClusterSpec.firstFreePort(1, v1.firstPort() + 100));
            try (LocalCluster server2 = LocalCluster.start(v2, servers, System.out::println);
                 Fleet fleet1 = new Fleet(new FleetLayout(5, 5, 31000, "gen-1x"),
                         new ClientSettings(server1.node(1).address(), 1));
                 Fleet fleet2 = new Fleet(new FleetLayout(5, 5, 32000, "gen-2x"),
                         new ClientSettings(server2.node(1).address(), 1))) {

                fleet1.scaleTo(10, 50, Generation.V1X).get();
                fleet2.scaleTo(10, 50, Generation.V2X).get();

                assertThat(fleet1.state().providers()).containsEntry("1x", 10);
                assertThat(fleet2.state().providers()).containsEntry("2x", 10);
                assertThat(fleet1.state().registrationFailures() + fleet2.state().registrationFailures()).isZero();
                assertRegistered(server1.node(1).api(), 10, "gen-1x", 31000);
                assertRegistered(server2.node(1).api(), 10, "gen-2x", 32000);
            }
        }
    }

    /** {@code count} providers over 5 services, Dubbo-named, on 127.0.0.1, with Dubbo metadata. */
    private static void assertRegistered(NacosApi api, int count, String application, int firstPort) {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(
                api.services().stream().mapToInt(s -> s.instances()).sum()).isEqualTo(count));
        for (int s = 0; s < 5; s++) {
            String iface = String.format("org.upgradelab.demo.LoadService%03d", s);
            assertThat(api.instances("providers:" + iface + "::")).hasSize(count / 5).allSatisfy(i -> {
                assertThat(i.ip()).isEqualTo("127.0.0.1");
                assertThat(i.port()).isBetween(firstPort, firstPort + 1);
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
