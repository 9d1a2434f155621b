package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every server version the build lays out boots here, as a standalone node on loopback, and does
 * what the lab asks of any node: it names its version among the members, takes a registration over
 * HTTP and lists it back (3.x: through its v3 APIs, as the lab asks a 3.x node). A version whose resolved jars do not make a server (2.2.3 resolved as-is
 * mixed Spring generations and never started) fails here, not in the middle of an experiment.
 */
class EveryServerVersionBootsIT {

    private static final String SERVICE = "upgrade-lab-boot-check";

    @TempDir
    Path runDirectory;

    static Stream<String> versions() {
        List<String> versions = NacosDistributions.scan(LabHome.serverDistributions()).versions();
        assertThat(versions).as("the distributions the build laid out").contains("1.4.1", "2.0.4", "2.2.3", "2.3.2", "3.1.0");
        return versions.stream();
    }

    @ParameterizedTest(name = "Nacos {0}")
    @MethodSource("versions")
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aStandaloneNodeBootsTakesARegistrationAndListsIt(String version) {
        LocalClusterSpec spec = LocalClusterSpec.of(version, 1, runDirectory)
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 21000));
        long pid;
        try (LocalCluster cluster = LocalCluster.start(spec,
                NacosDistributions.scan(LabHome.serverDistributions()), System.out::println)) {
            LocalNode node = cluster.node(1);
            pid = node.process().pid();
            assertThat(node.api().members()).extracting(ClusterMember::version).singleElement()
                    .satisfies(named -> assertThat(NacosVersions.sameRelease(named, version)).as(named).isTrue());

            node.api().registerInstance(SERVICE, "127.0.0.1", 20880);
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(node.api().instances(SERVICE))
                    .extracting(RegisteredInstance::address).containsExactly("127.0.0.1:20880"));

            List<ListeningSockets.Socket> sockets = ListeningSockets.read().ownedBy(pid);
            assertThat(sockets).extracting(ListeningSockets.Socket::port).contains(node.ports().http());
            assertThat(sockets).allSatisfy(s -> assertThat(s.isLoopback()).as("%s of Nacos %s", s, version).isTrue());
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("node after close").isEmpty();
    }
}
