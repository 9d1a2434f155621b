package io.upgradelab.runner.backend.containers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Ports;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.process.ListeningSockets;
import io.upgradelab.runner.testing.Targets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The rolling upgrade on containers of the official images: a 3-node 1.4.1 cluster upgraded node by
 * node to 2.0.4, then a node paused and resumed, one killed and started again; every host port on
 * loopback only, nothing left behind. Skipped (not passed) where there is no Docker engine.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerClusterIT {

    @TempDir
    Path runDirectory;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void a141ClusterOfContainersIsUpgradedNodeByNodeTo204AndSurvivesPauseAndKill() throws Exception {
        Target target = Targets.of("{backend: testcontainers, version: 1.4.1, serverHeap: 512m}");
        ContainerCluster cluster = (ContainerCluster) new ContainersBackend().open(target, runDirectory, System.out::println);
        List<String> containers;
        List<String> volumes;
        try (cluster) {
            assertMembers(cluster, "1.4.1", "1.4.1", "1.4.1");
            assertBoundOnLoopbackOnly(cluster);

            NodeResources resources = cluster.sample(2);
            assertThat(resources.rssBytes()).isGreaterThan(100L << 20);
            assertThat(resources.cpuPercent()).isPositive();

            List<String> versions = new ArrayList<>(List.of("1.4.1", "1.4.1", "1.4.1"));
            for (int n = 1; n <= 3; n++) {
                cluster.upgradeNode(n, "2.0.4");
                versions.set(n - 1, "2.0.4");
                NodeStatus upgraded = cluster.nodes().get(n - 1);
                assertThat(upgraded.version()).isEqualTo("2.0.4");
                assertThat(upgraded.state()).isEqualTo(NodeState.UP);
                assertMembers(cluster, versions.toArray(String[]::new));
            }
            assertThat(cluster.node(1).api().servesIn2xMode(2)).as("upgraded=true once all run 2.0.4").isTrue();

            cluster.pauseNode(2);
            assertThat(cluster.nodes().get(1).state()).isEqualTo(NodeState.PAUSED);
            assertThat(cluster.node(2).api().isReady()).as("a paused node answers nothing").isFalse();
            cluster.resumeNode(2);
            await().atMost(Duration.ofSeconds(30)).until(() -> cluster.node(2).api().isReady());

            String killed = cluster.node(3).containerId();
            cluster.stopNode(3, StopMode.KILL);
            assertThat(cluster.nodes().get(2).state()).isEqualTo(NodeState.STOPPED);
            assertThat(cluster.node(3).api().isReady()).isFalse();
            cluster.startNode(3);
            assertThat(cluster.node(3).containerId()).isNotEqualTo(killed);
            assertMembers(cluster, "2.0.4", "2.0.4", "2.0.4");
            assertBoundOnLoopbackOnly(cluster);

            Path log = cluster.nodes().get(0).log();
            assertThat(Files.readString(log)).contains("nacos/nacos-server:v1.4.1", "nacos/nacos-server:v2.0.4");
            containers = cluster.createdContainers();
            volumes = cluster.volumes();
        }
        cluster.close();

        DockerClient docker = DockerClientFactory.instance().client();
        assertThat(containers).hasSizeGreaterThanOrEqualTo(7);
        for (String id : containers) {
            assertThatThrownBy(() -> docker.inspectContainerCmd(id).exec()).as("container %s", id)
                    .isInstanceOf(NotFoundException.class);
        }
        for (String volume : volumes) {
            assertThatThrownBy(() -> docker.inspectVolumeCmd(volume).exec()).as("volume %s", volume)
                    .isInstanceOf(NotFoundException.class);
        }
    }

    /** Every node lists the three members UP, by alias, at the versions they run. */
    private static void assertMembers(ContainerCluster cluster, String... versions) {
        Tuple[] expected = new Tuple[versions.length];
        for (int n = 1; n <= versions.length; n++) {
            expected[n - 1] = tuple("nacos-" + n + ":8848", "UP", versions[n - 1]);
        }
        for (NodeStatus node : cluster.nodes()) {
            assertThat(NacosApi.of(node.address()).members()).as("members seen by node %d", node.number())
                    .extracting(ClusterMember::address, ClusterMember::state, ClusterMember::version)
                    .containsExactlyInAnyOrder(expected);
        }
    }

    /** Docker publishes each node's ports on 127.0.0.1 only, and nothing on this host listens on them elsewhere. */
    private static void assertBoundOnLoopbackOnly(ContainerCluster cluster) {
        DockerClient docker = DockerClientFactory.instance().client();
        for (NodeStatus status : cluster.nodes()) {
            NodeContainer node = cluster.node(status.number());
            InspectContainerResponse inspected = docker.inspectContainerCmd(node.containerId()).exec();
            List<Ports.Binding> published = inspected.getNetworkSettings().getPorts().getBindings().values().stream()
                    .filter(b -> b != null).flatMap(Arrays::stream).toList();
            Set<Integer> hostPorts = Set.of(node.definition().hostPorts().http(),
                    node.definition().hostPorts().grpcClient(), node.definition().hostPorts().grpcCluster());
            assertThat(published).as("published ports of %s", node).hasSize(3).allSatisfy(b ->
                    assertThat(b.getHostIp()).isEqualTo("127.0.0.1"));
            assertThat(published.stream().map(b -> Integer.parseInt(b.getHostPortSpec())).collect(Collectors.toSet()))
                    .isEqualTo(hostPorts);
            assertThat(ListeningSockets.read().all()).filteredOn(s -> hostPorts.contains(s.port()))
                    .as("sockets on %s's ports", node).allSatisfy(s -> assertThat(s.isLoopback()).isTrue());
        }
    }
}
