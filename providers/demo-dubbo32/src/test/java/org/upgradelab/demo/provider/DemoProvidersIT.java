package org.upgradelab.demo.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.fleet.DemoConsumerCall;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Dubbo demo providers of both client generations, registered through Dubbo's own Nacos
 * registry on real servers, answering a real Dubbo consumer; and a demo provider taking part in a
 * rolling client upgrade (1x stopped, 2x started on the same port).
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class DemoProvidersIT {

    private static final String SERVICE = "providers:org.upgradelab.demo.DemoService::";

    @TempDir
    Path dir;

    @Test
    void aDubbo27ProviderOnNacosClient1xAnswersARealConsumerThroughA141Server() {
        try (LocalCluster server = start("1.4.1")) {
            String servers = server.node(1).address();
            int port = LocalClusterSpec.firstFreePort(1, 28300);
            try (DemoProviderProcess provider = DemoProviderProcess.start("1x", servers, port, "demo-1x",
                    dir.resolve("provider-1x"), System.out::println)) {

                assertRegisteredOnLoopback(server.node(1).api(), port, "2.7.23");
                assertListensOnLoopbackOnly(provider.pid());
                DemoConsumerCall call = DemoConsumerCall.once("1x", servers, "lab", dir.resolve("consumer"));
                assertThat(call.answered()).as(call.line()).isTrue();
                assertThat(call.line()).isEqualTo("ANSWER: Hello lab from demo-1x at 127.0.0.1:" + port + " (Dubbo 2.7.23)");
            }
        }
    }

    @Test
    void aDemoProviderUpgradedFrom1xTo2xOnA204ServerKeepsAnswering() {
        try (LocalCluster server = start("2.0.4")) {
            String servers = server.node(1).address();
            NacosApi api = server.node(1).api();
            int port = LocalClusterSpec.firstFreePort(1, 28300);

            try (DemoProviderProcess v1 = DemoProviderProcess.start("1x", servers, port, "demo", dir.resolve("p1"),
                    System.out::println)) {
                assertRegisteredOnLoopback(api, port, "2.7.23");
                assertThat(DemoConsumerCall.once("1x", servers, "before", dir.resolve("c1")).line())
                        .isEqualTo("ANSWER: Hello before from demo at 127.0.0.1:" + port + " (Dubbo 2.7.23)");
            }
            // the graceful stop deregistered it: the same port now comes back on the other generation
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(api.instances(SERVICE)).isEmpty());

            try (DemoProviderProcess v2 = DemoProviderProcess.start("2x", servers, port, "demo", dir.resolve("p2"),
                    System.out::println)) {
                assertRegisteredOnLoopback(api, port, "3.2.19");
                assertListensOnLoopbackOnly(v2.pid());
                assertThat(DemoConsumerCall.once("1x", servers, "after", dir.resolve("c2")).line())
                        .isEqualTo("ANSWER: Hello after from demo at 127.0.0.1:" + port + " (Dubbo 3.2.19)");
                DemoConsumerCall gen2 = DemoConsumerCall.once("2x", servers, "gen2", dir.resolve("c3"));
                assertThat(gen2.answered()).as(gen2.line()).isTrue();
            }
        }
    }

    private LocalCluster start(String version) {
        LocalClusterSpec spec = LocalClusterSpec.of(version, 1, dir.resolve("nacos-" + version))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 20000));
        return LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), System.out::println);
    }

    /** One instance, on 127.0.0.1:port, shaped as Dubbo registers it, from the expected Dubbo release. */
    private static void assertRegisteredOnLoopback(NacosApi api, int port, String release) {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(api.instances(SERVICE)).hasSize(1));
        RegisteredInstance instance = api.instances(SERVICE).get(0);
        assertThat(instance.address()).isEqualTo("127.0.0.1:" + port);
        assertThat(instance.metadata()).containsEntry("side", "provider").containsEntry("protocol", "dubbo")
                .containsEntry("interface", "org.upgradelab.demo.DemoService").containsEntry("release", release);
    }

    private static void assertListensOnLoopbackOnly(long pid) {
        List<ListeningSockets.Socket> sockets = ListeningSockets.read().ownedBy(pid);
        assertThat(sockets).isNotEmpty().allSatisfy(s -> assertThat(s.isLoopback()).as("%s", s).isTrue());
    }
}
