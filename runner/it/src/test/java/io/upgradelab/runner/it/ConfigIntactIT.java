package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.observe.configs.ConfigContents;
import io.upgradelab.runner.testing.GrafanaDashboard;
import io.upgradelab.runner.testing.InProcessCli;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The config center end to end, through the real launcher, on a standalone Nacos 2.0.4 with a small
 * fleet on nacos-client 2.3.2, a demo provider and a probe on 2.5.1: the run publishes 10 configs,
 * changes 2 every 10 s, listens with a real nacos-client of each version the run uses, 2.3.2 and
 * 2.5.1, and with 1.4.1 since no 1.x is among them (three shaded clients in its own JVM, each made by
 * its jar's adapter), and checks the node every 2 s. In the third phase this test deletes one config
 * through the Nacos HTTP API, as an upgrade that loses it would: configIntact fails naming it, and
 * passes on the hold before; over the ramp too it is INCONCLUSIVE (exit 3), since no config had settled
 * in the ramp's few seconds. The run also serves its live metrics ({@code --metrics-port}): scraped
 * mid-run, they hold every metric the Grafana dashboard (docs/grafana/) queries, and they stop with the run.
 */
@Timeout(value = 6, unit = java.util.concurrent.TimeUnit.MINUTES)
class ConfigIntactIT {

    private static final String DELETED = "lab-config-0010";
    private static final String EXPERIMENT = """
            name: configs-deleted-mid-run
            target: {version: 2.0.4, nodes: 1, serverHeap: 512m}
            fleet: {services: 4, providersPerClient: 4, rampRate: 50, heap: 256m, client: 2.3.2}
            probe: {rate: 20, demoProviders: 1, client: 2.5.1}
            observeEvery: 2s
            configs: {count: 10, sizeBytes: 512, changeEvery: 10s, changed: 2, settle: 4s}
            phases:
              - {kind: rampTo, providers: 8}
              - {kind: hold, for: 25s}
              - {kind: hold, for: 15s}
            """;

    @TempDir
    Path work;

    @Test
    void configIntactFailsNamingAConfigDeletedMidRunAndPassesBefore() throws Exception {
        Path experiment = Files.writeString(work.resolve("configs.yaml"), EXPERIMENT);
        Path runDirectory = work.resolve("run");
        Path journalFile = runDirectory.resolve("journal.jsonl");
        int metricsPort = freePort();
        URI metrics = URI.create("http://127.0.0.1:" + metricsPort + "/metrics");
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString(),
                "--metrics-port", Integer.toString(metricsPort))) {
            run.awaitUntil("phase 3 started", Duration.ofMinutes(4),
                    () -> Files.exists(journalFile) && JournalLines.read(journalFile).ofType("phaseStarted")
                            .stream().anyMatch(p -> p.path("index").asInt() == 3));
            assertThat(GrafanaDashboard.scrape(metrics)).as("served mid-run: every metric the dashboard queries")
                    .containsAll(GrafanaDashboard.read().metricNames());
            assertThat(run.err()).as(run.toString()).anyMatch(line -> line.contains("live metrics: " + metrics));
            String node = JournalLines.read(journalFile).ofType("setUp").get(0).path("nodes").get(0).path("address")
                    .asText();
            NacosApi.of(node).deleteConfig(DELETED, ConfigContents.GROUP);
            assertThat(run.awaitExit(Duration.ofMinutes(2))).as(run.toString()).isZero();
        }
        JournalLines journal = JournalLines.read(journalFile);

        assertThat(journal.ofType("setUp").stream().filter(s -> s.path("step").asText().equals("configs"))
                .map(s -> s.path("clients").toString())).containsExactly("[\"1.4.1\",\"2.3.2\",\"2.5.1\"]");
        everyVersionListenedAndHeardTheChangesBeforeTheDeletion(journal);
        List<JsonNode> afterDeletion = journal.ofType("configCheck").stream().filter(c -> c.path("phase").asInt() == 3
                && c.path("nodes").get(0).path("missing").asInt() > 0).toList();
        assertThat(afterDeletion).isNotEmpty().allSatisfy(c ->
                assertThat(c.path("nodes").get(0).path("missingIds").toString()).contains(DELETED));

        InProcessCli gate = new InProcessCli();
        Path before = Files.writeString(work.resolve("before.yaml"),
                "criteria:\n  - kind: configIntact\n    phases: [2]\n");
        assertThat(gate.run("gate", runDirectory.toString(), "--policy", before.toString())).as(gate.out() + gate.err())
                .isZero();
        gate.clear();
        // the ramp of a few seconds ends before any config has settled: no check judged one in it
        Path withRamp = Files.writeString(work.resolve("with-ramp.yaml"),
                "criteria:\n  - kind: configIntact\n    phases: [1, 2]\n");
        assertThat(gate.run("gate", runDirectory.toString(), "--policy", withRamp.toString()))
                .as("thin evidence is never a pass: " + gate.out() + gate.err()).isEqualTo(3);
        assertThat(gate.out()).contains("INCONCLUSIVE", "phase 1: no config check judged a config on a node");
        gate.clear();
        Path all = Files.writeString(work.resolve("all.yaml"), "criteria:\n  - kind: configIntact\n");
        assertThat(gate.run("gate", runDirectory.toString(), "--policy", all.toString())).as(gate.out() + gate.err())
                .isEqualTo(1);
        assertThat(gate.out()).contains("phase 3: node 1 (2.0.4) at ", "1 missing (" + DELETED + ")",
                "listener 1x (1.4.1) at ", "listener 2x (2.3.2) at ", "listener 2x (2.5.1) at ");
        assertThat(Files.readString(runDirectory.resolve("summary.md"))).contains("### Configs");
        assertThat(journal.ofType("error")).as("every observation and the deletion at the end went through").isEmpty();
        assertThat(Processes.using(runDirectory)).isEmpty();
        assertThatThrownBy(() -> GrafanaDashboard.scrape(metrics)).as("the metrics stop with the run")
                .isInstanceOf(UncheckedIOException.class);
    }

    /** A port nothing listens on now, on 127.0.0.1 (the kernel's pick, given back). */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }

    /**
     * Phase 2, undisturbed: the node served every settled config as published, and the three clients,
     * listening from the start on a 2.0.4 node, heard the changes (callbacks, not only their first read).
     */
    private static void everyVersionListenedAndHeardTheChangesBeforeTheDeletion(JournalLines journal) {
        List<JsonNode> phaseTwo = journal.ofType("configCheck").stream().filter(c -> c.path("phase").asInt() == 2)
                .toList();
        assertThat(phaseTwo).hasSizeGreaterThan(5).allSatisfy(c -> {
            assertThat(c.path("nodes").get(0).path("missing").asInt()).isZero();
            assertThat(c.path("nodes").get(0).path("mismatched").asInt()).isZero();
        });
        JsonNode last = phaseTwo.get(phaseTwo.size() - 1);
        assertThat(last.path("checked").asInt()).isPositive();
        assertThat(last.path("changes").asLong()).isGreaterThanOrEqualTo(4);
        assertThat(last.path("listeners")).extracting(l -> l.path("generation").asText() + " " + l.path("client")
                .asText()).containsExactly("1x 1.4.1", "2x 2.3.2", "2x 2.5.1");
        assertThat(last.path("listeners")).allSatisfy(l -> {
            assertThat(l.path("state").asText()).as(l.toString()).isEqualTo("listening");
            assertThat(l.path("notified").asLong()).as(l.toString()).isPositive();
            assertThat(l.path("behind").asInt()).as(l.toString()).isZero();
        });
    }
}
