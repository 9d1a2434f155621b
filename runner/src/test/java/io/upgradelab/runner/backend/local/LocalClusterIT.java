package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rolling-upgrade primitive on real servers: a 3-node 1.4.1 cluster on loopback, an instance
 * registered over HTTP seen by every node, then node 3 replaced by 2.0.4 on the same data, which
 * joins the mixed cluster and reports double write on.
 */
class LocalClusterIT {

    private static final String SERVICE = "upgrade-lab-it-service";

    @TempDir
    Path runDirectory;

    @Test
    @Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
    void a141ClusterTakesANodeUpgradedTo204OnTheSameDataWithDoubleWrite() {
        int firstPort = LocalClusterSpec.firstFreePort(3, 20000);
        LocalClusterSpec spec = LocalClusterSpec.of("1.4.1", 3, runDirectory).withFirstPort(firstPort);
        List<Long> pids;
        try (LocalCluster cluster = LocalCluster.start(spec,
                NacosDistributions.scan(LabHome.serverDistributions()), System.out::println)) {
            pids = cluster.nodes().stream().map(NodeStatus::pid).toList();
            Set<String> addresses = cluster.localNodes().stream().map(LocalNode::address).collect(Collectors.toSet());

            for (LocalNode node : cluster.localNodes()) {
                List<ClusterMember> members = node.api().members();
                assertThat(members).extracting(ClusterMember::address).containsExactlyInAnyOrderElementsOf(addresses);
                assertThat(members).allSatisfy(m -> {
                    assertThat(m.ip()).isEqualTo("127.0.0.1");
                    assertThat(m.state()).isEqualTo("UP");
                    assertThat(m.version()).isEqualTo("1.4.1");
                });
                assertListensOnLoopbackOnly(node);
            }

            cluster.node(1).api().registerInstance(SERVICE, "127.0.0.1", 20880);
            for (LocalNode node : cluster.localNodes()) {
                await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                        assertThat(node.api().instances(SERVICE)).as("instances on %s", node)
                                .extracting(RegisteredInstance::address).containsExactly("127.0.0.1:20880"));
            }

            NodeResources resources = cluster.sample(2);
            assertThat(resources.rssBytes()).isGreaterThan(100L << 20);
            assertThat(resources.cpuPercent()).isPositive();

            cluster.upgradeNode(3, "2.0.4");

            NodeStatus upgraded = cluster.nodes().get(2);
            assertThat(upgraded.version()).isEqualTo("2.0.4");
            assertThat(upgraded.state()).isEqualTo(NodeState.UP);
            assertThat(upgraded.pid()).isNotEqualTo(pids.get(2));
            assertThat(ProcessHandle.of(pids.get(2))).isEmpty();

            JsonNode metrics = cluster.node(3).api().upgradeMetrics().orElseThrow();
            assertThat(metrics.path("isDoubleWriteEnabled").asBoolean()).as("metrics %s", metrics).isTrue();
            assertThat(metrics.path("upgraded").asBoolean()).as("a mixed cluster is not upgraded").isFalse();

            assertThat(cluster.node(1).api().members())
                    .extracting(ClusterMember::version).containsExactlyInAnyOrder("1.4.1", "1.4.1", "2.0.4");
            assertThat(cluster.node(3).api().members()).allSatisfy(m -> assertThat(m.ip()).isEqualTo("127.0.0.1"));
            assertListensOnLoopbackOnly(cluster.node(3));
        }
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                .as("node process %d after close", pid).isEmpty());
    }

    /** Every TCP port the node listens on (HTTP, raft, and gRPC on 2.x) is bound to loopback. */
    private static void assertListensOnLoopbackOnly(LocalNode node) {
        List<ListeningSockets.Socket> sockets = ListeningSockets.read().ownedBy(node.process().pid());
        assertThat(sockets).extracting(ListeningSockets.Socket::port)
                .as("%s listens on HTTP and raft", node).contains(node.ports().http(), node.ports().raft());
        if (node.distribution().generation() >= 2) {
            assertThat(sockets).extracting(ListeningSockets.Socket::port).as("%s listens on gRPC", node)
                    .contains(node.ports().grpcClient(), node.ports().grpcCluster());
        }
        assertThat(sockets).allSatisfy(s -> assertThat(s.isLoopback()).as("%s of %s is loopback", s, node).isTrue());
    }
}
