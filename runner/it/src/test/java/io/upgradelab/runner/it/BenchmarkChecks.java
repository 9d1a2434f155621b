package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.runner.testing.JournalLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The naming benchmark every way it calls Nacos, on the upgraded 2.0.4 cluster (which serves 1.x and
 * 2.x clients alike): nacos-client 1.4.1 over HTTP with heartbeat, the open API, nacos-client 2.0.4
 * over gRPC, each 2 clients of 4 threads, 50 services of 2 instances, at most 2000 calls or 10 s.
 */
final class BenchmarkChecks {

    /** The three benchmark phases, as the test appends them to the experiment. */
    static final String PHASES = """
            - {kind: benchmark, operations: [register, query, heartbeat, deregister], client: 1.4.1, clients: 2,
               threads: 4, services: 50, instances: 2, count: 2000, for: 5s}
            - {kind: benchmark, api: http, operations: [register, query, deregister], clients: 2, threads: 4,
               services: 50, instances: 2, count: 2000, for: 5s}
            - {kind: benchmark, operations: [register, query, deregister], client: 2.0.4, clients: 2, threads: 4,
               services: 50, instances: 2, count: 2000, for: 5s}
            """;

    private BenchmarkChecks() {
    }

    /**
     * Every operation measured something, its percentiles are in order and its failures counted;
     * the 2.x benchmark's clients are gRPC connections the nodes list, the 1.x one's are not asked;
     * the summary sets the 2.x register against the 1.x one (phase {@code firstPhase}), and not the
     * open API against either.
     */
    static void theNamingBenchmarkMeasuredEveryWay(JournalLines journal, Path runDirectory, int firstPhase)
            throws IOException {
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
                + " its time (5 s), whichever comes first").allSatisfy(b -> {
                    if (b.stoppedBy().equals("count")) {
                        assertThat(b.attempted()).isEqualTo(2000);
                    } else {
                        assertThat(b.stoppedBy()).isEqualTo("time");
                        assertThat(b.attempted()).isLessThan(2000);
                        assertThat(b.seconds()).isBetween(5.0, 10.0);
                    }
                });
        JsonNode summary = new ObjectMapper().readTree(runDirectory.resolve("summary.json").toFile());
        assertThat(summary.path("benchmarks")).hasSize(10);
        assertThat(summary.path("benchmarks").get(7).path("againstEarlier").path("phase").asInt())
                .as("the 2.x register against the 1.x one, through the same API (sdk) at the same load")
                .isEqualTo(firstPhase);
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
}
