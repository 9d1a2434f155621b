package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
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
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * The experiment declares three signals of a team's own, sampled through the run: the runner's own live metrics
 * (the probe's successful calls), and a gateway's error counter and a health endpoint this test serves, which it
 * breaks when it deletes the config: the prometheus and http criteria pass on phase 2 and fail on phase 3.
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
            signals:
              - name: lab-probe-successes
                prometheus: {url: "http://127.0.0.1:%1$d/metrics", metric: 'upgradelab_run_probe_calls_total{outcome="success"}'}
              - name: gateway-errors
                prometheus: {url: "http://127.0.0.1:%2$d/metrics", metric: 'gateway_errors_total{route="demo"}'}
              - name: orders-health
                http: {url: "http://127.0.0.1:%2$d/health", contains: UP}
            """;

    @TempDir
    Path work;

    @Test
    void configIntactFailsNamingAConfigDeletedMidRunAndPassesBefore() throws Exception {
        Path runDirectory = work.resolve("run");
        Path journalFile = runDirectory.resolve("journal.jsonl");
        int metricsPort = freePort();
        AtomicBoolean broken = new AtomicBoolean();
        HttpServer team = teamEndpoints(broken);
        Path experiment = Files.writeString(work.resolve("configs.yaml"), String.format(EXPERIMENT, metricsPort,
                team.getAddress().getPort()));
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
            broken.set(true);   // the team's gateway errs and its service's health fails, as the config goes
            assertThat(run.awaitExit(Duration.ofMinutes(2))).as(run.toString()).isZero();
        } finally {
            team.stop(0);
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
        assertThat(Files.readString(runDirectory.resolve("summary.md"))).contains("### Configs", "### Signals");
        theTeamsOwnSignalsPassBeforeTheBreakAndFailAfterIt(gate, runDirectory);
        assertThat(journal.ofType("error")).as("every observation and the deletion at the end went through").isEmpty();
        assertThat(Processes.using(runDirectory)).isEmpty();
        assertThatThrownBy(() -> GrafanaDashboard.scrape(metrics)).as("the metrics stop with the run")
                .isInstanceOf(UncheckedIOException.class);
    }

    /**
     * The prometheus and http criteria on what the run sampled: the runner's own metrics and the test's endpoints
     * pass in phase 2; the gateway's errors and the health endpoint, broken in phase 3, fail there.
     */
    private void theTeamsOwnSignalsPassBeforeTheBreakAndFailAfterIt(InProcessCli gate, Path runDirectory)
            throws IOException {
        gate.clear();
        Path before = Files.writeString(work.resolve("signals-before.yaml"), String.join("\n", "criteria:",
                "  - {kind: prometheus, signal: lab-probe-successes, atLeast: 1, phases: [2]}",
                "  - {kind: prometheus, signal: gateway-errors, atMost: 0, phases: [2]}",
                "  - {kind: http, signal: orders-health, phases: [2]}", ""));
        assertThat(gate.run("gate", runDirectory.toString(), "--policy", before.toString())).as(gate.out() + gate.err())
                .isZero();
        gate.clear();
        Path after = Files.writeString(work.resolve("signals-after.yaml"), String.join("\n", "criteria:",
                "  - {kind: prometheus, signal: gateway-errors, atMost: 0, phases: [3]}",
                "  - {kind: http, signal: orders-health, phases: [3]}", ""));
        assertThat(gate.run("gate", runDirectory.toString(), "--policy", after.toString(), "-o", "json"))
                .as(gate.out() + gate.err()).isEqualTo(1);
        JsonNode verdicts = new com.fasterxml.jackson.databind.ObjectMapper().readTree(gate.out()).path("verdicts");
        assertThat(verdicts.get(1).path("kind").asText()).isEqualTo("prometheus");
        assertThat(verdicts.get(1).path("verdict").asText()).isEqualTo("FAIL");
        assertThat(verdicts.get(1).path("value").asDouble()).isEqualTo(5);
        assertThat(verdicts.get(2).path("kind").asText()).isEqualTo("http");
        assertThat(verdicts.get(2).path("verdict").asText()).isEqualTo("FAIL");
        assertThat(verdicts.get(2).path("measured").asText()).contains("under 100% in phase 3", "answered 503");
    }

    /** A team's gateway metrics (/metrics: its error counter) and its service's health (/health), on 127.0.0.1. */
    private static HttpServer teamEndpoints(AtomicBoolean broken) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", exchange -> answer(exchange, 200, "# TYPE gateway_errors_total counter\n"
                + "gateway_errors_total{route=\"demo\"} " + (broken.get() ? 5 : 0) + "\n"
                + "gateway_errors_total{route=\"other\"} 9\n"));
        server.createContext("/health", exchange -> answer(exchange, broken.get() ? 503 : 200,
                broken.get() ? "{\"status\":\"DOWN\"}" : "{\"status\":\"UP\"}"));
        server.start();
        return server;
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
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
