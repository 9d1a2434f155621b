package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.upgradelab.reports.check.RegistryCheck;
import io.upgradelab.reports.check.RegistryEvidence;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LoopbackFirewall;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.testing.Iptables;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI-size reference experiment, end to end through the real launcher: a 3-node 1.4.1 cluster
 * with real 1.x clients and Dubbo, ramped, rolled node by node to 2.0.4, ramped again, clients rolled
 * to 2.x. Laid out as hosts would be: each node at an address of its own (127.0.0.11 to .13), all at
 * one port, the fleet, the probe and the demo providers at others; every instance and every socket
 * is at its process's address. Appended here: the naming benchmark every way it calls Nacos
 * ({@link BenchmarkChecks}), then real faults, each followed by a hold ({@link NetworkFaultChecks}).
 * In phase 2 the test sends each node a registration as a peer would forward it, which the nodes not
 * responsible for it refuse and log: the failure-sign observer must name exactly those. The fleet's
 * own checks ride on the same run: its 1.x clients on the 2.0.4 cluster, their upgrade in batches,
 * and the Dubbo shape of what each generation registers. Everything is checked in the journal
 * alone, as reports will read it, and in the report; no process and no firewall rule is left.
 */
@Timeout(value = 22, unit = java.util.concurrent.TimeUnit.MINUTES)
class RunExperimentIT {

    @TempDir
    Path runDirectory;

    /** The nodes' HTTP port, at each node's own address; gRPC and raft follow from it. */
    private static final int PORT = LocalClusterSpec.firstFreePort(1, 25000);
    /** The hold at 280 providers on the 2.0.4 servers, through the 1.x clients. */
    private static final int HOLD_ON_2X_SERVERS = 12;
    /** The rolling server upgrade to 2.0.4 in the CI-size experiment. */
    private static final int SERVER_UPGRADE = 9;
    /** The hold after the client upgrade, the CI-size experiment's last phase. */
    private static final int HOLD_AFTER_CLIENT_UPGRADE = 14;
    /** The index of the first benchmark phase, after the CI-size experiment's 14. */
    private static final int FIRST_BENCHMARK = HOLD_AFTER_CLIENT_UPGRADE + 1;
    /** The index of the first fault phase, after the three benchmarks. */
    private static final int FIRST_FAULT = 18;

    @TempDir
    Path experimentDirectory;

    @Test
    void theCiSizeExperimentRunsEveryPhaseAndItsJournalShowsTheUpgrade() throws Exception {
        Path experiment = experimentAsHostsWithBenchmarksAndFaults();
        Path journalFile = runDirectory.resolve("journal.jsonl");
        Set<Integer> refused;
        String chain;
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString())) {
            chain = LoopbackFirewall.CHAIN_PREFIX + run.pid();
            awaitPhase(run, journalFile, 2, Duration.ofMinutes(5));
            AddressChecks.everyInstanceCarriesItsProcesssAddress(node1());
            AddressChecks.everySocketIsOnItsProcesssAddress(runDirectory);
            everyFleetProviderIsDubboShaped(node1(), 0);
            refused = nodesRefusingAForwardedRegistration(journalFile);
            atTheHoldAfterTheClientUpgrade(run, journalFile, runDirectory);
            assertThat(run.awaitExit(Duration.ofMinutes(20))).as(run.toString()).isZero();
        }
        assertThat(Iptables.linesNaming(chain)).as("the runner's firewall chain, after the run").isEmpty();
        JournalLines journal = JournalLines.read(journalFile);

        JsonNode started = journal.ofType("runStarted").get(0);
        int phases = started.path("phases").size();
        assertThat(phases).isEqualTo(FIRST_FAULT + 5);
        List<JsonNode> ended = journal.ofType("phaseEnded");
        assertThat(ended).hasSize(phases).allSatisfy(p -> assertThat(p.path("outcome").asText()).isEqualTo("done"));
        assertThat(journal.ofType("runEnded")).singleElement()
                .satisfies(r -> assertThat(r.path("outcome").asText()).isEqualTo("completed"));

        // per phase: instance counts and CPU of every node, and the probe's outcomes
        for (JsonNode phase : ended) {
            assertThat(phase.path("nodes")).as("phase %s", phase.path("title")).hasSize(3);
            assertThat(phase.path("probe").path("scheduled").asLong()).as("phase %s", phase.path("title")).isPositive();
        }
        JsonNode holdAtTop = ended.stream().filter(p -> p.path("kind").asText().equals("hold")).skip(2).findFirst()
                .orElseThrow();
        assertThat(holdAtTop.path("nodes")).allSatisfy(n -> {
            assertThat(n.path("samples").asInt()).isPositive();
            assertThat(n.path("maxInstances").asInt()).isGreaterThanOrEqualTo(280);
            assertThat(n.path("meanCpuPercent").asDouble()).isPositive();
        });

        // every instance-count sample says what the nodes should hold, for the gate's recount; the
        // failure signs are watched in every node's logs
        assertThat(journal.samples("nodeCounts")).allSatisfy(s -> assertThat(s.path("expected").isInt()).isTrue());
        assertThat(journal.ofType("signsWatched")).singleElement().satisfies(w -> {
            assertThat(w.path("logs")).hasSize(3);
            assertThat(w.has("message")).isFalse();
        });

        // the mixed-version period: a 2.0.4 node double-writing while others still run 1.4.1, not upgraded yet
        assertThat(journal.ofType("doubleWrite")).anySatisfy(d -> {
            assertThat(d.path("node").asInt()).isEqualTo(1);
            assertThat(d.path("enabled").asBoolean()).isTrue();
            assertThat(d.path("upgraded").asBoolean()).isFalse();
        });
        assertThat(journal.ofType("upgradeStep").stream().filter(s -> s.path("stage").asText().equals("done")))
                .hasSize(3);

        // upgraded=true on every node at the end
        List<JsonNode> upgrades = journal.samples("upgradeStatus");
        JsonNode last = upgrades.get(upgrades.size() - 1);
        assertThat(last.path("nodes")).hasSize(3).allSatisfy(n -> assertThat(n.path("upgraded").asBoolean()).isTrue());

        // the probe ran throughout and mostly succeeded; its summary balances
        JsonNode summary = journal.ofType("probeSummary").get(0).path("summary").path("totals");
        long scheduled = summary.path("scheduled").asLong();
        long outcomes = StreamSupport.stream(List.of("success", "noProvider", "timeout", "network", "other")
                .spliterator(), false).mapToLong(k -> summary.path(k).asLong()).sum();
        assertThat(outcomes).isEqualTo(scheduled);
        assertThat(summary.path("success").asLong()).isGreaterThan(scheduled * 9 / 10);
        assertThat(journal.ofType("probe")).hasSizeGreaterThan(300);
        // every second the probe ended is in the journal: its series equals its summary
        assertThat(journal.ofType("probe").stream().mapToLong(p -> p.path("second").path("calls")
                .path("scheduled").asLong()).sum()).isEqualTo(scheduled);

        // the probe's JTL labels calls by the phase the runner told it of, so JMeter's dashboard splits by phase
        String jtl = Files.readString(runDirectory.resolve("probe/results.jtl"));
        assertThat(ended).allSatisfy(p -> assertThat(jtl).contains("phase " + p.path("index").asInt() + ": "
                + p.path("title").asText()));
        // where and by which lab the run was made, for the report's first lines
        assertThat(started.path("host").asText()).isNotBlank();
        assertThat(started.path("toolVersion").asText()).isNotBlank();

        // the run's summaries and report, written at its end: a row per phase, and the four charts
        assertThat(runDirectory.resolve("summary.json")).exists();
        JsonNode summaryJson = new com.fasterxml.jackson.databind.ObjectMapper().readTree(runDirectory.resolve("summary.json").toFile());
        assertThat(summaryJson.path("phases")).allSatisfy(p -> assertThat(p.path("load").has("valid")).isTrue());
        assertThat(journal.ofType("sample").stream().filter(s -> "machine".equals(s.path("observer").asText())))
                .as("the machine observer samples idle and steal for the load validity")
                .allSatisfy(s -> assertThat(s.path("idlePercent").asDouble()).isBetween(0.0, 100.0))
                .hasSizeGreaterThan(50);
        String markdown = Files.readString(runDirectory.resolve("summary.md"));
        assertThat(markdown.substring(0, markdown.indexOf("\n### ")).lines()
                .filter(l -> l.matches("\\| \\d+ \\|.*"))).hasSize(phases);
        int footprint = markdown.indexOf("### The lab's footprint");
        assertThat(markdown.substring(markdown.indexOf("### Configs"), footprint).lines()
                .filter(l -> l.matches("\\| \\d+ \\|.*"))).as("a row per phase in the Configs table").hasSize(phases);
        assertThat(markdown.substring(footprint).lines().filter(l -> l.matches("\\| \\d+ \\|.*")))
                .as("a row per phase in the lab's footprint").hasSize(phases);
        assertThat(journal.ofType("labFootprint")).as("the lab's footprint, per phase").hasSize(phases)
                .allSatisfy(f -> {
                    assertThat(f.path("rounds").asInt()).isPositive();
                    assertThat(f.path("requests")).isNotEmpty();
                    assertThat(f.path("nodes")).hasSize(3).allSatisfy(n ->
                            assertThat(n.path("servedRequests").isNumber()).as(n.toString()).isTrue());
                });
        String html = Files.readString(runDirectory.resolve("report.html"));
        assertThat(html.split("<img src=\"data:image/svg\\+xml;base64,", -1)).hasSize(5);
        assertThat(html).contains("node 1 up on 2.0.4");

        theFleetHeldEveryProviderThroughTheClientUpgrade(journal);
        theFailureSignsNameTheNodesThatRefusedTheForward(journal, refused);
        BenchmarkChecks.theNamingBenchmarkMeasuredEveryWay(journal, runDirectory, FIRST_BENCHMARK);
        NetworkFaultChecks.eachFaultCutWhatItSays(journal, FIRST_FAULT,
                "node 1 (" + AddressChecks.NODES.get(0) + ":" + PORT + ", 2.0.4)", html);
        theConfigsWereCheckedThroughoutAndIntactOn141(journal, phases);
        theRegistryLogCoversEveryClientVersion(runDirectory);

        assertThat(Processes.using(runDirectory)).isEmpty();
    }

    /**
     * The fleet's registry log: every provider's registration acknowledged, and a subscriber of each client
     * version the fleet used pushed the sampled services, so upgrade-lab check has something to check
     * (what it finds in a run whose 2.0.4 upgrade may split is the run's, not asserted here).
     */
    private static void theRegistryLogCoversEveryClientVersion(Path runDirectory) {
        RegistryCheck.Result check = RegistryCheck.check(RegistryEvidence.read(runDirectory), RegistryCheck.Bounds.DEFAULT);
        assertThat(check.coverage().thin()).isEmpty();
        assertThat(check.coverage().subscribers()).containsExactly("subscriber 1.4.1", "subscriber 2.0.4");
        assertThat(check.coverage().services()).hasSize(2);
        assertThat(check.coverage().ops()).as("280 providers registered, the client batches' 280 again, the shrinks")
                .isGreaterThan(560);
    }

    /**
     * The configs section: every phase has config checks; while every node ran 1.4.1 (phases 1 to 8)
     * each node served all 50 configs as published and the 1.x listener heard the changes; by the
     * last phase the 2.x listener listens too. (What 2.0.4 serves after its restart is the gate's to
     * judge: here each restarted node answered "config data not exist" for every config published
     * before its restart, until republished; its own database still held them.)
     */
    private static void theConfigsWereCheckedThroughoutAndIntactOn141(JournalLines journal, int phases) {
        List<JsonNode> checks = journal.ofType("configCheck");
        for (int phase = 1; phase <= phases; phase++) {
            int p = phase;
            assertThat(checks).as("config checks in phase %d", p).anyMatch(c -> c.path("phase").asInt() == p);
        }
        List<JsonNode> on141 = checks.stream().filter(c -> c.path("phase").asInt() >= 1 && c.path("phase").asInt() <= 8)
                .toList();
        assertThat(on141).anyMatch(c -> c.path("checked").asInt() > 0).allSatisfy(c -> assertThat(c.path("nodes"))
                .allSatisfy(n -> assertThat(n.path("missing").asInt() + n.path("mismatched").asInt()).as(c.toString())
                        .isZero()));
        JsonNode last = checks.stream().filter(c -> c.path("phase").asInt() == phases).reduce((a, b) -> b).orElseThrow();
        assertThat(last.path("listeners")).extracting(l -> l.path("generation").asText() + " " + l.path("state").asText())
                .containsExactly("1x listening", "2x listening");
        assertThat(last.path("listeners").get(0).path("notified").asLong()).isPositive();
    }

    /**
     * In phase 2 (a hold on the 1.4.1 cluster), sends each node a registration as a peer would
     * forward it (the User-Agent Nacos-Server's); the nodes not responsible for its service refuse it
     * with HTTP 400 and log "receive invalid redirect request from peer" (DistroFilter, alibaba/nacos
     * #12070). Returns those nodes. The instance is not a provider's, so no count the run keeps sees it.
     */
    private static Set<Integer> nodesRefusingAForwardedRegistration(Path journalFile) throws Exception {
        JsonNode nodes = JournalLines.read(journalFile).ofType("setUp").get(0).path("nodes");
        Set<Integer> refused = new TreeSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            URI uri = URI.create("http://" + nodes.get(i).path("address").asText() + "/nacos/v1/ns/instance"
                    + "?serviceName=upgrade-lab-it-forwarded&ip=127.0.0.1&port=20999&ephemeral=true");
            HttpRequest request = HttpRequest.newBuilder(uri).header("User-Agent", "Nacos-Server:1.4.1")
                    .POST(HttpRequest.BodyPublishers.noBody()).build();
            if (HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).statusCode() == 400) {
                refused.add(i + 1);
            }
        }
        assertThat(refused).as("the nodes not responsible for the service refuse a forward").isNotEmpty()
                .hasSizeLessThan(3);
        return refused;
    }

    /**
     * The failure-sign observer read the refusals in the nodes' own logs: before the server upgrade
     * (where restarts bring real ones), the invalidRedirect signs name exactly the nodes that refused.
     */
    private static void theFailureSignsNameTheNodesThatRefusedTheForward(JournalLines journal, Set<Integer> refused) {
        List<JsonNode> beforeTheUpgrade = journal.ofType("warning").stream()
                .filter(w -> "invalidRedirect".equals(w.path("sign").asText()) && w.path("phase").asInt() <= 8).toList();
        assertThat(beforeTheUpgrade.stream().map(w -> w.path("node").asInt()).collect(Collectors.toSet()))
                .isEqualTo(refused);
        assertThat(beforeTheUpgrade).allSatisfy(w -> assertThat(w.path("line").asText())
                .contains("ERROR receive invalid redirect request from peer 127.0.0.1"));
    }

    /** Waits until the run has started phase {@code index}; fails if it ends first. */
    private static void awaitPhase(Launcher run, Path journalFile, int index, Duration atMost) {
        try {
            await().atMost(atMost).pollInterval(Duration.ofSeconds(1))
                    .until(() -> endedEarly(run, journalFile) && Files.exists(journalFile)
                            && JournalLines.read(journalFile).ofType("phaseStarted").stream()
                            .anyMatch(p -> p.path("index").asInt() == index));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("phase " + index + " did not start within " + atMost + ": " + run
                    + "\n--- the journal's last lines but samples\n" + lastLinesButSamples(journalFile), e);
        }
    }

    /** The journal's last 40 lines but probe seconds and samples, which its temporary directory will not keep. */
    private static String lastLinesButSamples(Path journalFile) {
        try {
            List<String> lines = (Files.exists(journalFile) ? Files.readAllLines(journalFile) : List.<String>of())
                    .stream().filter(l -> !l.startsWith("{\"type\":\"probe\"") && !l.startsWith("{\"type\":\"sample\""))
                    .toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (java.io.IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /**
     * True while the run is alive; once it has ended (before its last phase), fails with what it
     * printed and the journal's last lines, which its temporary directory will not keep.
     */
    private static boolean endedEarly(Launcher run, Path journalFile) throws java.io.IOException {
        if (run.process().isAlive()) {
            return true;
        }
        throw new AssertionError("the run ended before its last phase: " + run + "\n--- the journal's last lines but samples\n"
                + lastLinesButSamples(journalFile));
    }

    /**
     * In the hold after the client upgrade (phase 14, 2.0.4 nodes, 2.x clients): every instance and
     * every socket still at its process's address, the nodes' gRPC ports now among them, and the 2.x
     * clients' providers registered as Dubbo registers them.
     */
    private static void atTheHoldAfterTheClientUpgrade(Launcher run, Path journalFile, Path runDirectory)
            throws Exception {
        awaitPhase(run, journalFile, HOLD_AFTER_CLIENT_UPGRADE, Duration.ofMinutes(15));
        AddressChecks.everyInstanceCarriesItsProcesssAddress(node1());
        AddressChecks.everySocketIsOnItsProcesssAddress(runDirectory);
        everyFleetProviderIsDubboShaped(node1(), 280);
    }

    /** Node 1's API, at its own address. */
    private static NacosApi node1() {
        return NacosApi.of(AddressChecks.NODES.get(0) + ":" + PORT);
    }

    /**
     * The shipped CI-size experiment, laid out as hosts, with the benchmarks and the faults after its
     * last phase.
     */
    private Path experimentAsHostsWithBenchmarksAndFaults() throws Exception {
        YAMLMapper yaml = new YAMLMapper();
        ObjectNode file = (ObjectNode) yaml.readTree(LabHome.root().resolve("experiments/nacos-1x-to-2x-ci.yaml")
                .toFile());
        ObjectNode target = file.with("target");
        target.put("firstPort", PORT);
        AddressChecks.NODES.forEach(target.with("local").withArray("nodeAddresses")::add);
        file.with("fleet").put("address", AddressChecks.FLEET);
        file.with("probe").put("address", AddressChecks.PROBE).put("demoAddress", AddressChecks.DEMO);
        forceTheUpgradeWhenItSplits((ObjectNode) file.withArray("phases").get(SERVER_UPGRADE - 1));
        // a split cluster refuses registrations until forced: its upgrade step waits this long, not 3 minutes
        target.with("local").put("startTimeout", "90s");
        file.withArray("phases").addAll((ArrayNode) yaml.readTree(BenchmarkChecks.PHASES));
        file.withArray("phases").addAll((ArrayNode) yaml.readTree(NetworkFaultChecks.PHASES));
        Path experiment = experimentDirectory.resolve("nacos-1x-to-2x-ci-as-hosts.yaml");
        yaml.writeValue(experiment.toFile(), file);
        return experiment;
    }

    /**
     * As the full-scale run does, force upgraded=true when it does not come, with short waits. Even at
     * CI size 2.0.4 often splits during the upgrade (in CI and here, 2026-11-29): one node switches to
     * 2.x mode alone (alibaba/nacos #9320), the others refuse registrations with "receive invalid
     * redirect request from peer" (#12070), and upgraded=true never comes on its own; the default
     * waits (2 and 5 minutes) then took the run past its deadline. upgraded=true comes ~20 s after
     * the last node when it does come.
     */
    private static void forceTheUpgradeWhenItSplits(ObjectNode upgrade) {
        assertThat(upgrade.path("kind").asText()).isEqualTo("rollingServerUpgrade");
        upgrade.put("syncTimeout", "30s").put("upgradedTimeout", "1m").put("forceUpgrade", true);
    }

    /**
     * What the fleet's providers register is what Dubbo registers: per interface a
     * {@code providers:<interface>::} service whose instances carry Dubbo's metadata; {@code
     * providers} in all, spread evenly over the experiment's 20 services (0: some, while a ramp may run).
     */
    private static void everyFleetProviderIsDubboShaped(NacosApi api, int providers) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            for (int s = 0; s < 20; s++) {
                String iface = String.format("org.upgradelab.demo.LoadService%03d", s);
                List<RegisteredInstance> instances = api.instances("providers:" + iface + "::");
                assertThat(instances).as(iface).isNotEmpty();
                if (providers > 0) {
                    assertThat(instances).as(iface).hasSize(providers / 20);
                }
                assertThat(instances).allSatisfy(i -> assertThat(i.metadata()).containsEntry("interface", iface)
                                .containsEntry("path", iface).containsEntry("category", "providers")
                                .containsEntry("side", "provider")
                                .containsKeys("dubbo", "release", "methods", "timestamp", "application"));
            }
        });
    }

    /**
     * The fleet as the run drove it, read from its samples: 280 providers through 1.x clients on the
     * 2.0.4 cluster, every one registered and beating (phase 12); the client upgrade's batches each
     * kept all 280, without a failure, and ended with every provider on 2.x; every node held every
     * provider again after it (phase 14).
     */
    private static void theFleetHeldEveryProviderThroughTheClientUpgrade(JournalLines journal) {
        List<JsonNode> onTwoX = journal.samples("fleet").stream().filter(s -> s.path("phase").asInt() == HOLD_ON_2X_SERVERS)
                .map(s -> s.path("fleet")).toList();
        assertThat(onTwoX).isNotEmpty().allSatisfy(f -> {
            assertThat(f.path("providers").toString()).isEqualTo("{\"1.4.1\":280}");
            assertThat(f.path("registrationFailures").asInt()).as(f.toString()).isZero();
            assertThat(f.path("nominalBeatsPerSecond").asDouble()).as("1.x clients beat every 5 s per provider")
                    .isEqualTo(280 / 5.0);
            assertThat(f.path("rssBytes").asLong()).isPositive();
        });
        assertThat(onTwoX).anySatisfy(f -> assertThat(f.path("beatsPerSecond").asDouble()).isPositive());

        List<JsonNode> batches = journal.ofType("clientBatch");
        assertThat(batches).hasSize(3).allSatisfy(b -> {
            int total = 0;
            for (JsonNode count : b.path("providers")) {
                total += count.asInt();
            }
            assertThat(total).as(b.toString()).isEqualTo(280);
            assertThat(b.path("registrationFailures").asInt()).isZero();
            assertThat(b.path("stop").path("failed").asInt()).isZero();
        });
        assertThat(batches.get(2).path("providers").toString()).isEqualTo("{\"2.0.4\":280}");
        // none missing: a node may list a restarted provider twice for a while (its old connection's
        // registration beside its new one, Nacos's over-count: docs/runs/over-count; one CI run listed 284 of 282)
        assertThat(journal.samples("nodeCounts").stream().filter(s -> s.path("phase").asInt() == HOLD_AFTER_CLIENT_UPGRADE))
                .as("every node holds every provider after the client upgrade").anySatisfy(s -> assertThat(s.path("nodes"))
                        .hasSize(3).allSatisfy(n -> assertThat(n.path("instances").asInt())
                                .isGreaterThanOrEqualTo(s.path("expected").asInt())));
    }
}
