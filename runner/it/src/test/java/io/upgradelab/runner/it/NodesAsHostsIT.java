package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LoopbackFirewall;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.ServiceSummary;
import io.upgradelab.runner.testing.Iptables;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.ProcessSockets;
import io.upgradelab.runner.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 3-node Nacos 2.0.4 cluster laid out as three hosts would be, through the real launcher: each
 * node at an address of its own (127.0.0.11 to .13), all three at the same ports (a free block, not
 * Nacos's 8848, which a machine may already use), the fleet, the probe
 * and the demo provider at others. Every registered instance carries its process's address, and
 * every socket of every process is on that process's address.
 *
 * <p>Then the naming benchmark every way it calls Nacos (a fresh 2.0.4 cluster serves 1.x and 2.x
 * clients alike): nacos-client 1.4.1 over HTTP with heartbeat, the open API, nacos-client 2.0.4 over
 * gRPC. Then real network faults on loopback (iptables, in the runner's own chain): node 3 cut off
 * from its peers alone, node 2 cut off from everyone, 30 % of the packets between node 1 and its
 * clients dropped. Their effects are read in the journal, and no rule is left after the run.
 */
@Timeout(value = 12, unit = java.util.concurrent.TimeUnit.MINUTES)
class NodesAsHostsIT {

    private static final List<String> NODES = List.of("127.0.0.11", "127.0.0.12", "127.0.0.13");
    private static final String FLEET = "127.0.0.21";
    private static final String PROBE = "127.0.0.31";
    private static final String DEMO = "127.0.0.32";
    /** Every node's HTTP port, each at its own address; its gRPC and raft ports follow from it. */
    private static final int PORT = LocalClusterSpec.firstFreePort(1, 25000);

    private static final String EXPERIMENT = """
            name: nodes-as-hosts
            target: {version: 2.0.4, local: {nodeAddresses: [127.0.0.11, 127.0.0.12, 127.0.0.13]}, firstPort: %d, serverHeap: 512m}
            fleet: {services: 10, providersPerClient: 10, rampRate: 50, client: 2x, address: 127.0.0.21}
            probe: {rate: 100, demoProviders: 1, address: 127.0.0.31, demoAddress: 127.0.0.32}
            observeEvery: 2s
            phases:
              - {kind: rampTo, providers: 40}
              - {kind: hold, for: 15s}
              - {kind: benchmark, operations: [register, query, heartbeat, deregister], client: 1.4.1, clients: 2,
                 threads: 4, services: 50, instances: 2, count: 2000, for: 20s}
              - {kind: benchmark, api: http, operations: [register, query, deregister], clients: 2, threads: 4,
                 services: 50, instances: 2, count: 2000, for: 20s}
              - {kind: benchmark, operations: [register, query, deregister], client: 2.0.4, clients: 2, threads: 4,
                 services: 50, instances: 2, count: 2000, for: 20s}
              - {kind: fault, fault: partition, node: 3, from: peers, for: 30s}
              - {kind: hold, for: 20s}
              - {kind: fault, fault: partition, node: 2, for: 20s}
              - {kind: hold, for: 20s}
              - {kind: fault, fault: loss, node: 1, percent: 30, from: clients, for: 20s}
              - {kind: hold, for: 10s}
            """;

    @TempDir
    Path work;

    @Test
    void everyProcessIsAtItsOwnAddressAndNetworkFaultsCutWhatTheySay() throws Exception {
        Path runDirectory = work.resolve("run");
        Path experiment = Files.writeString(work.resolve("hosts.yaml"), EXPERIMENT.formatted(PORT));
        Path journalFile = runDirectory.resolve("journal.jsonl");
        String chain;
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString())) {
            chain = LoopbackFirewall.CHAIN_PREFIX + run.pid();
            run.awaitUntil("phase 2 started", Duration.ofMinutes(7),
                    () -> Files.exists(journalFile) && JournalLines.read(journalFile).ofType("phaseStarted")
                            .stream().anyMatch(p -> p.path("index").asInt() == 2));
            everyInstanceCarriesItsProcesssAddress();
            everySocketIsOnItsProcesssAddress(runDirectory);
            assertThat(run.awaitExit(Duration.ofMinutes(7))).as(run.toString()).isZero();
        }
        assertThat(Processes.using(runDirectory)).isEmpty();
        assertThat(Iptables.linesNaming(chain)).as("the runner's firewall chain, after the run").isEmpty();

        JournalLines journal = JournalLines.read(journalFile);
        List<JsonNode> ended = journal.ofType("phaseEnded");
        assertThat(ended).hasSize(11).allSatisfy(p -> assertThat(p.path("outcome").asText()).isEqualTo("done"));
        List<JsonNode> views = journal.samples("memberStates");

        // node 3 cut off from its peers alone: they mark it down, it marks them down, clients still reach it
        theNamingBenchmarkMeasuredEveryWay(journal, runDirectory);

        JsonNode fromPeers = ended.get(5);
        assertThat(during(views, fromPeers)).as("node 1 sees node 3 not UP").anySatisfy(s ->
                assertThat(viewOf(s, 1).path("3").asText()).isNotEqualTo("UP"));
        assertThat(during(views, fromPeers)).as("node 3 answers the runner, a client, throughout")
                .allSatisfy(s -> assertThat(viewOf(s, 3).isMissingNode()).isFalse());
        assertThat(fromPeers.path("nodes").get(2).path("unreachable").asInt()).isZero();
        everyMemberUpByTheEndOf(views, ended.get(6));

        // node 2 cut off from everyone: its peers mark it down, the runner cannot reach it, the probe's calls go on
        JsonNode fromAll = ended.get(7);
        assertThat(during(views, fromAll)).as("node 1 sees node 2 not UP").anySatisfy(s ->
                assertThat(viewOf(s, 1).path("2").asText()).isNotEqualTo("UP"));
        assertThat(fromAll.path("nodes").get(1).path("unreachable").asInt()).isPositive();
        assertThat(fromAll.path("probe").path("success").asLong()).as("clients fail over: most of the probe's calls"
                + " still succeed").isGreaterThan(fromAll.path("probe").path("scheduled").asLong() / 2);
        everyMemberUpByTheEndOf(views, ended.get(8));

        // 30 % of node 1's clients' packets dropped: really dropped, and its peers keep it UP throughout
        JsonNode loss = ended.get(9);
        assertThat(during(views, loss)).isNotEmpty().allSatisfy(s -> {
            assertThat(viewOf(s, 2).path("1").asText()).isEqualTo("UP");
            assertThat(viewOf(s, 3).path("1").asText()).isEqualTo("UP");
        });
        assertThat(journal.ofType("note").stream().map(n -> n.path("message").asText())
                .filter(m -> m.startsWith("node 1 (127.0.0.11:" + PORT + ", 2.0.4): network restored (")))
                .singleElement().asString().matches(".*\\(\\d+ packets dropped\\)").doesNotContain("(0 packets");
        assertThat(journal.ofType("runEnded")).singleElement()
                .satisfies(r -> assertThat(r.path("outcome").asText()).isEqualTo("completed"));
    }

    /**
     * Node 1, at its own address and the nodes' port, lists every fleet provider at the fleet's address,
     * every demo provider at theirs and the probe's consumer at the probe's: none at 127.0.0.1.
     */
    private static void everyInstanceCarriesItsProcesssAddress() {
        NacosApi api = new NacosApi(NODES.get(0) + ":" + PORT);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            List<ServiceSummary> services = api.services();
            assertThat(services).anyMatch(s -> s.name().startsWith("consumers:"))
                    .anyMatch(s -> s.name().contains("LoadService")).anyMatch(s -> s.name().contains("DemoService"));
            for (ServiceSummary service : services.stream()
                    .filter(s -> !s.name().startsWith("upgrade-lab-benchmark-")).toList()) {   // the runner's own, later
                String expected = service.name().contains("LoadService") ? FLEET
                        : service.name().startsWith("consumers:") ? PROBE : DEMO;
                assertThat(api.instances(NacosApi.DEFAULT_GROUP.equals(service.group()) ? service.name()
                        : service.group() + "@@" + service.name()))
                        .as(service.name()).isNotEmpty().allSatisfy(i -> assertThat(i.ip()).isEqualTo(expected));
            }
        });
    }

    /**
     * Every TCP and UDP socket of every process the run started, listening or connected, is on the
     * address the lab gave that process: the nodes' gRPC and raft ports too, which Nacos would bind
     * on every address, and the connections each process opens.
     */
    private static void everySocketIsOnItsProcesssAddress(Path runDirectory) throws IOException {
        Set<String> checked = new TreeSet<>();
        for (long pid : Processes.using(runDirectory)) {
            Optional<String> own = ProcessSockets.labAddress(pid);
            if (own.isEmpty()) {
                continue;   // the runner itself
            }
            List<ProcessSockets.Socket> sockets = ProcessSockets.of(pid);
            assertThat(sockets).as("sockets of pid %d at %s", pid, own.get()).isNotEmpty()
                    .allSatisfy(s -> assertThat(s.local()).as(s.toString()).isEqualTo(own.get()));
            checked.add(own.get());
        }
        assertThat(checked).containsExactlyInAnyOrder(NODES.get(0), NODES.get(1), NODES.get(2), FLEET, PROBE, DEMO);
    }

    /**
     * Every operation measured something, its percentiles are in order and its failures counted;
     * the 2.x benchmark's clients are gRPC connections the nodes list, the 1.x one's are not asked;
     * the summary sets the 2.x register against the 1.x one, and not the open API against either.
     */
    private static void theNamingBenchmarkMeasuredEveryWay(JournalLines journal, Path runDirectory) throws IOException {
        List<NamingBenchmark> lines = journal.ofType("benchmark").stream()
                .map(line -> JournalJson.read(line, NamingBenchmark.class).body()).toList();
        assertThat(lines).extracting(b -> b.api() + " " + b.client() + " " + b.transport() + " " + b.operation())
                .containsExactly("sdk 1.4.1 http register", "sdk 1.4.1 http query", "sdk 1.4.1 http heartbeat",
                        "sdk 1.4.1 http deregister", "http  http register", "http  http query", "http  http deregister",
                        "sdk 2.0.4 grpc register", "sdk 2.0.4 grpc query", "sdk 2.0.4 grpc deregister");
        assertThat(lines).allSatisfy(b -> {
            assertThat(b.tps()).as(b.operation() + " TPS").isPositive();
            assertThat(b.succeeded()).isPositive().isLessThanOrEqualTo(b.attempted());
            assertThat(b.errors().values().stream().mapToLong(Long::longValue).sum()).as("errors by kind add up")
                    .isEqualTo(b.failed());
            assertInOrder(b.responseTimes());
            assertThat(b.responseTimes().count()).isEqualTo(b.succeeded());
            assertThat(b.servers()).containsExactly("2.0.4", "2.0.4", "2.0.4");
            assertThat(Files.readAllLines(runDirectory.resolve(b.jtl()))).as("a JTL row per call, and the header")
                    .hasSize((int) b.attempted() + 1);
        });
        assertThat(lines).filteredOn(b -> b.operation().equals("register") || b.operation().equals("deregister"))
                .as("register and deregister go once through every instance, without a failure")
                .allSatisfy(b -> {
                    assertThat(b.attempted()).isEqualTo(100);
                    assertThat(b.failed()).isZero();
                    assertThat(b.stoppedBy()).isEqualTo("done");
                });
        assertThat(lines.subList(0, 7)).as("1.x client and open API: HTTP, no gRPC connection asked")
                .allSatisfy(b -> assertThat(b.grpcConnections()).isEqualTo(-1));
        assertThat(lines.subList(7, 10)).as("2.x: its 2 clients are gRPC connections the nodes list")
                .allSatisfy(b -> assertThat(b.grpcConnections()).isEqualTo(2));
        assertThat(lines).filteredOn(b -> b.operation().equals("query")).as("query stops at its count (2000) or"
                + " its time (20 s), whichever comes first").allSatisfy(b -> {
                    if (b.stoppedBy().equals("count")) {
                        assertThat(b.attempted()).isEqualTo(2000);
                    } else {
                        assertThat(b.stoppedBy()).isEqualTo("time");
                        assertThat(b.attempted()).isLessThan(2000);
                        assertThat(b.seconds()).isBetween(20.0, 25.0);
                    }
                });
        JsonNode summary = new ObjectMapper().readTree(runDirectory.resolve("summary.json").toFile());
        assertThat(summary.path("benchmarks")).hasSize(10);
        assertThat(summary.path("benchmarks").get(7).path("againstEarlier").path("phase").asInt())
                .as("the 2.x register against the 1.x one, through the same API (sdk) at the same load").isEqualTo(3);
        assertThat(summary.path("benchmarks").get(4).path("againstEarlier").isMissingNode())
                .as("the open API is not set against the SDK").isTrue();
        assertThat(Files.readString(runDirectory.resolve("summary.md"))).contains("Naming benchmark");
    }

    private static void assertInOrder(ResponseTimes rt) {
        assertThat(rt.min()).isPositive().isLessThanOrEqualTo(rt.p50());
        assertThat(rt.p50()).isLessThanOrEqualTo(rt.p80());
        assertThat(rt.p80()).isLessThanOrEqualTo(rt.p95());
        assertThat(rt.p95()).isLessThanOrEqualTo(rt.p99());
        assertThat(rt.p99()).isLessThanOrEqualTo(rt.max());
        assertThat(rt.avg()).isBetween(rt.min(), rt.max());
    }

    /** By the last member-state sample of {@code phase}, every node sees every member UP. */
    private static void everyMemberUpByTheEndOf(List<JsonNode> views, JsonNode phase) {
        List<JsonNode> samples = during(views, phase);
        assertThat(samples).isNotEmpty();
        assertThat(samples.get(samples.size() - 1).path("views")).as("every node sees every member UP again")
                .hasSize(3).allSatisfy(v -> assertThat(v.path("members")).hasSize(3)
                        .allSatisfy(state -> assertThat(state.asText()).isEqualTo("UP")));
    }

    /** The samples taken while {@code phase} ran. */
    private static List<JsonNode> during(List<JsonNode> samples, JsonNode phase) {
        return samples.stream().filter(s -> s.path("phase").asInt() == phase.path("index").asInt()).toList();
    }

    /** Node {@code node}'s view in a member-state sample; missing when it did not answer. */
    private static JsonNode viewOf(JsonNode sample, int node) {
        for (JsonNode view : sample.path("views")) {
            if (view.path("node").asInt() == node) {
                return view.path("members");
            }
        }
        return MissingNode.getInstance();
    }
}
