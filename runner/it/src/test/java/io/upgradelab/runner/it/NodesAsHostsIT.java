package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
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
 * node at an address of its own (127.0.0.11 to .13) at Nacos's standard ports, the fleet, the probe
 * and the demo provider at others. Every registered instance carries its process's address, and
 * every socket of every process is on that process's address. Then real network faults on
 * loopback (iptables, in the runner's own chain): node 3 cut off from its peers alone, node 2 cut
 * off from everyone, 30 % of the packets between node 1 and its clients dropped. Their effects are
 * read in the journal, and no rule is left after the run.
 */
@Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
class NodesAsHostsIT {

    private static final List<String> NODES = List.of("127.0.0.11", "127.0.0.12", "127.0.0.13");
    private static final String FLEET = "127.0.0.21";
    private static final String PROBE = "127.0.0.31";
    private static final String DEMO = "127.0.0.32";

    private static final String EXPERIMENT = """
            name: nodes-as-hosts
            target: {version: 2.0.4, nodeAddresses: [127.0.0.11, 127.0.0.12, 127.0.0.13], serverHeap: 512m}
            fleet: {services: 10, providersPerClient: 10, rampRate: 50, client: 2x, address: 127.0.0.21}
            probe: {rate: 100, demoProviders: 1, address: 127.0.0.31, demoAddress: 127.0.0.32}
            observeEvery: 2s
            phases:
              - {kind: rampTo, providers: 40}
              - {kind: hold, for: 15s}
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
        Path experiment = Files.writeString(work.resolve("hosts.yaml"), EXPERIMENT);
        Path journalFile = runDirectory.resolve("journal.jsonl");
        String chain;
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString())) {
            chain = LoopbackFirewall.CHAIN_PREFIX + run.pid();
            await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1))
                    .failFast("the run ended: " + run, () -> !run.process().isAlive())
                    .until(() -> Files.exists(journalFile) && JournalLines.read(journalFile).ofType("phaseStarted")
                            .stream().anyMatch(p -> p.path("index").asInt() == 2));
            everyInstanceCarriesItsProcesssAddress();
            everySocketIsOnItsProcesssAddress(runDirectory);
            assertThat(run.awaitExit(Duration.ofMinutes(5))).as(run.toString()).isZero();
        }
        assertThat(Processes.using(runDirectory)).isEmpty();
        assertThat(Iptables.linesNaming(chain)).as("the runner's firewall chain, after the run").isEmpty();

        JournalLines journal = JournalLines.read(journalFile);
        List<JsonNode> ended = journal.ofType("phaseEnded");
        assertThat(ended).hasSize(8).allSatisfy(p -> assertThat(p.path("outcome").asText()).isEqualTo("done"));
        List<JsonNode> views = journal.samples("memberStates");

        // node 3 cut off from its peers alone: they mark it down, it marks them down, clients still reach it
        JsonNode fromPeers = ended.get(2);
        assertThat(during(views, fromPeers)).as("node 1 sees node 3 not UP").anySatisfy(s ->
                assertThat(viewOf(s, 1).path("3").asText()).isNotEqualTo("UP"));
        assertThat(during(views, fromPeers)).as("node 3 answers the runner, a client, throughout")
                .allSatisfy(s -> assertThat(viewOf(s, 3).isMissingNode()).isFalse());
        assertThat(fromPeers.path("nodes").get(2).path("unreachable").asInt()).isZero();
        everyMemberUpByTheEndOf(views, ended.get(3));

        // node 2 cut off from everyone: its peers mark it down, the runner cannot reach it, the probe's calls go on
        JsonNode fromAll = ended.get(4);
        assertThat(during(views, fromAll)).as("node 1 sees node 2 not UP").anySatisfy(s ->
                assertThat(viewOf(s, 1).path("2").asText()).isNotEqualTo("UP"));
        assertThat(fromAll.path("nodes").get(1).path("unreachable").asInt()).isPositive();
        assertThat(fromAll.path("probe").path("success").asLong()).as("clients fail over: most of the probe's calls"
                + " still succeed").isGreaterThan(fromAll.path("probe").path("scheduled").asLong() / 2);
        everyMemberUpByTheEndOf(views, ended.get(5));

        // 30 % of node 1's clients' packets dropped: really dropped, and its peers keep it UP throughout
        JsonNode loss = ended.get(6);
        assertThat(during(views, loss)).isNotEmpty().allSatisfy(s -> {
            assertThat(viewOf(s, 2).path("1").asText()).isEqualTo("UP");
            assertThat(viewOf(s, 3).path("1").asText()).isEqualTo("UP");
        });
        assertThat(journal.ofType("note").stream().map(n -> n.path("message").asText())
                .filter(m -> m.startsWith("node 1 (127.0.0.11:8848, 2.0.4): network restored (")))
                .singleElement().asString().matches(".*\\(\\d+ packets dropped\\)").doesNotContain("(0 packets");
        assertThat(journal.ofType("runEnded")).singleElement()
                .satisfies(r -> assertThat(r.path("outcome").asText()).isEqualTo("completed"));
    }

    /**
     * Node 1, at its own address and port 8848, lists every fleet provider at the fleet's address,
     * every demo provider at theirs and the probe's consumer at the probe's: none at 127.0.0.1.
     */
    private static void everyInstanceCarriesItsProcesssAddress() {
        NacosApi api = new NacosApi(NODES.get(0) + ":8848");
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            List<ServiceSummary> services = api.services();
            assertThat(services).anyMatch(s -> s.name().startsWith("consumers:"))
                    .anyMatch(s -> s.name().contains("LoadService")).anyMatch(s -> s.name().contains("DemoService"));
            for (ServiceSummary service : services) {
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
