package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.observe.NodeCounts;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.observe.Observed;
import io.upgradelab.runner.observe.Observer;
import io.upgradelab.runner.observe.UpgradeStatus;
import io.upgradelab.runner.observe.signs.FailureSigns;
import io.upgradelab.runner.process.ListeningSockets;
import io.upgradelab.runner.testing.JournalLines;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rolling-upgrade primitive on real servers: a 3-node 1.4.1 cluster on loopback, an instance
 * registered over HTTP seen by every node, then node 3 replaced by 2.0.4 on the same data, which
 * joins the mixed cluster and reports double write on; and a failure sign in a real node's log.
 */
class LocalClusterIT {

    private static final String SERVICE = "upgrade-lab-it-service";

    @TempDir
    Path runDirectory;

    @Test
    @Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
    void a141ClusterTakesANodeUpgradedTo204OnTheSameDataWithDoubleWrite() throws Exception {
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

            theFailureSignObserverReadsWhatTheNodesLogAndSay(cluster);
        }
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                .as("node process %d after close", pid).isEmpty());
    }

    /**
     * The failure-sign observer on a real mixed cluster: a registration sent as a peer's forward (its
     * User-Agent Nacos-Server's) to a node that is not responsible for its service is refused, and Nacos
     * logs "receive invalid redirect request from peer" (DistroFilter, alibaba/nacos #12070); the
     * observer journals it as a failure sign naming that node and the line. The 2.0.4 node, in
     * 1.x-compatible mode, says whether it is ready to switch, and takes gRPC connections.
     */
    private void theFailureSignObserverReadsWhatTheNodesLogAndSay(LocalCluster cluster) throws Exception {
        Set<Integer> refused = new TreeSet<>();
        for (LocalNode node : cluster.localNodes()) {
            if (forwardedRegistration(node) == 400) {
                refused.add(node.number());
            }
        }
        assertThat(refused).as("the nodes not responsible for the service refuse a forward").isNotEmpty()
                .hasSizeLessThan(3);
        Journal journal = Journal.create(runDirectory.resolve("signs"));
        Observations observations = new Observations();
        Observed observed = new Observed(cluster, null, null, null, Optional.empty());
        List<Observer> observers = List.of(new NodeCounts(), new UpgradeStatus(), new FailureSigns());
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(2)).untilAsserted(() -> {
            observers.forEach(o -> o.observe(observed, observations, journal));
            assertThat(signs(journal, "invalidRedirect")).extracting(w -> w.path("node").asInt())
                    .containsExactlyInAnyOrderElementsOf(refused);
        });
        assertThat(signs(journal, "invalidRedirect")).allSatisfy(w -> assertThat(w.path("line").asText())
                .contains("ERROR receive invalid redirect request from peer 127.0.0.1"));
        JsonNode watched = JournalLines.read(journal.file()).ofType("signsWatched").get(0);
        assertThat(watched.path("logs")).hasSize(3);
        assertThat(watched.has("message")).as("every node's logs are read").isFalse();
        assertThat(JournalLines.read(journal.file()).ofType("warning")).as("nothing else is a sign here")
                .allSatisfy(w -> assertThat(w.path("sign").asText()).isEqualTo("invalidRedirect"));

        String address3 = cluster.node(3).address();
        assertThat(cluster.node(3).api().members()).filteredOn(m -> m.address().equals(address3)).singleElement()
                .satisfies(m -> assertThat(m.readyToUpgrade()).as("2.0.4 in 1.x mode says it").isNotNull());
        assertThat(cluster.node(3).api().acceptsGrpcClients()).isTrue();
        assertThat(cluster.node(1).api().acceptsGrpcClients()).as("1.4.1 has no gRPC port").isFalse();
    }

    /** POST v1/ns/instance as a peer forwards it; the node's HTTP status. */
    private static int forwardedRegistration(LocalNode node) throws Exception {
        URI uri = URI.create("http://" + node.address() + "/nacos/v1/ns/instance?serviceName=" + SERVICE
                + "-forwarded&ip=127.0.0.1&port=20881&ephemeral=true");
        HttpRequest request = HttpRequest.newBuilder(uri).header("User-Agent", "Nacos-Server:1.4.1")
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private static List<JsonNode> signs(Journal journal, String sign) {
        return JournalLines.read(journal.file()).ofType("warning").stream()
                .filter(w -> sign.equals(w.path("sign").asText())).toList();
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
