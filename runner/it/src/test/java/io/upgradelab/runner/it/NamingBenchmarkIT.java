package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The naming benchmark before and after an upgrade, end to end through the real launcher on a real
 * 3-node cluster: experiments/naming-benchmark-ci.yaml (1.4.1 through nacos-client 1.4.1 and the HTTP
 * API, the servers rolled to 2.0.4 and the clients to 2.x, then nacos-client 2.0.4). Every operation
 * measured something, its percentiles are in order and its failures counted; the 2.x benchmark's
 * clients are connections the 2.0.4 nodes list over gRPC, the 1.x one's are not.
 */
@Timeout(value = 14, unit = java.util.concurrent.TimeUnit.MINUTES)
class NamingBenchmarkIT {

    @TempDir
    Path runDirectory;

    @Test
    void benchmarksOneXThenTwoXOverGrpcWithExactFiguresAndAJtlPerOperation() throws Exception {
        Path experiment = LabHome.root().resolve("experiments/naming-benchmark-ci.yaml");
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString())) {
            assertThat(run.awaitExit(Duration.ofMinutes(12))).as(run.toString()).isZero();
        }
        JournalLines journal = JournalLines.read(runDirectory.resolve("journal.jsonl"));
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
            assertThat(b.servers()).hasSize(3);
            assertThat(runDirectory.resolve(b.jtl())).isRegularFile();
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
        assertThat(lines.subList(0, 7)).allSatisfy(b -> {
            assertThat(b.servers()).containsOnly("1.4.1");
            assertThat(b.grpcConnections()).isEqualTo(-1);
        });
        assertThat(lines.subList(7, 10)).as("2.x: its 2 clients are gRPC connections the 2.0.4 nodes list")
                .allSatisfy(b -> {
                    assertThat(b.servers()).containsOnly("2.0.4");
                    assertThat(b.grpcConnections()).isEqualTo(2);
                });
        assertThat(lines).filteredOn(b -> b.operation().equals("query")).allSatisfy(b ->
                assertThat(b.attempted()).as("query stops at its count").isEqualTo(2000));

        JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(runDirectory.resolve("summary.json").toFile());
        assertThat(summary.path("benchmarks")).hasSize(10);
        assertThat(Files.readString(runDirectory.resolve("summary.md"))).contains("Naming benchmark");
        assertThat(Processes.using(runDirectory)).isEmpty();
    }

    private static void assertInOrder(ResponseTimes rt) {
        assertThat(rt.min()).isPositive().isLessThanOrEqualTo(rt.p50());
        assertThat(rt.p50()).isLessThanOrEqualTo(rt.p80());
        assertThat(rt.p80()).isLessThanOrEqualTo(rt.p95());
        assertThat(rt.p95()).isLessThanOrEqualTo(rt.p99());
        assertThat(rt.p99()).isLessThanOrEqualTo(rt.max());
        assertThat(rt.avg()).isBetween(rt.min(), rt.max());
    }
}
