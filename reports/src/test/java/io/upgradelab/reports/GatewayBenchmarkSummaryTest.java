package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.GatewayBenchmark;
import io.upgradelab.journal.GatewaySecond;
import io.upgradelab.journal.Line;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GatewayBenchmarkSummaryTest {

    @Test
    void eachRunIsSetAgainstTheFirstEarlierRunWithTheSameRouteAndConnections() {
        List<GatewayBenchmarkSummary> rows = GatewayBenchmarkSummary.of(List.of(
                line(2, "direct", 600, 2000, 40, "2.3.2", "2.3.2", "2.3.2"),
                line(2, "gateway", 600, 1000, 100, "2.3.2", "2.3.2", "2.3.2"),
                line(2, "gateway", 1000, 900, 150, "2.3.2", "2.3.2", "2.3.2"),
                line(4, "gateway", 600, 800, 120, "3.1.0", "3.1.0", "3.1.0"),
                line(5, "gateway", 600, 700, 130, "3.1.0", "2.3.2", "3.1.0")), List.of());

        assertThat(rows).extracting(GatewayBenchmarkSummary::route)
                .containsExactly("direct", "spring-cloud-gateway", "spring-cloud-gateway", "spring-cloud-gateway",
                        "spring-cloud-gateway");
        assertThat(rows.get(1).earlier()).as("nothing before it").isNull();
        assertThat(rows.get(3).againstEarlier()).isEqualTo("x0.80 QPS, x1.20 p99 vs phase 2");
        assertThat(rows.get(4).againstEarlier()).as("the first earlier twin, not the latest").isEqualTo(
                "x0.70 QPS, x1.30 p99 vs phase 2");
        assertThat(rows.get(3).servers()).isEqualTo("3.1.0");
        assertThat(rows.get(4).servers()).isEqualTo("3.1.0, 2.3.2, 3.1.0");
    }

    @Test
    void aRunThroughAPhaseIsSetOnlyAgainstOneThroughAPhaseOfItsKindAndCarriesItsSecondsTallied() {
        Line<GatewayBenchmark> measured = line(2, "gateway", 60, 1000, 100, "2.3.2");
        GatewayBenchmark wrk = line(2, "gateway", 60, 800, 900, "3.1.0").body();
        Line<GatewayBenchmark> through = new Line<>("gatewayBenchmark", Instant.EPOCH, 300, 2, new GatewayBenchmark(
                wrk.route(), wrk.gateway(), wrk.url(), 60, 2, 400, 320_000, 800, wrk.latency(), Map.of("non2xx", 7L), 2, 20,
                2048, wrk.servers(), "rollingServerUpgrade"), 2);
        List<Line<GatewaySecond>> seconds = List.of(second(2, 1, 900, 0), second(2, 2, 0, 0), second(2, 3, 800, 7),
                second(3, 1, 5, 5));

        List<GatewayBenchmarkSummary> rows = GatewayBenchmarkSummary.of(List.of(measured, through), seconds);

        assertThat(rows.get(1).earlier()).as("a measured run is not the same load as one through an upgrade").isNull();
        assertThat(rows.get(0).seconds()).isNull();
        assertThat(rows.get(1).route()).isEqualTo("spring-cloud-gateway during rollingServerUpgrade");
        assertThat(rows.get(1).seconds()).as("its phase's seconds only").isEqualTo(
                new GatewaySecond.Tally(3, 1700, 7, 800, 0, 2, 1, 1));
        assertThat(rows.get(1).secondsSentence()).isEqualTo("Phase 2, through spring-cloud-gateway at 60 connections"
                + " during rollingServerUpgrade, per second: 3 s at a median 800 answers/s, the fewest 0 (second 2); 1 s"
                + " with answers not 2xx/3xx (7 in all); 1 s without an answer");
    }

    private static Line<GatewaySecond> second(int phase, long second, long responses, long non2xx) {
        return new Line<>("gatewaySecond", Instant.EPOCH, phase * 100.0, phase, new GatewaySecond("spring-cloud-gateway",
                "rollingServerUpgrade", 60, second, Instant.ofEpochSecond(second), responses, non2xx), phase);
    }

    private static Line<GatewayBenchmark> line(int phase, String route, int connections, double qps, double p99,
                                               String... servers) {
        GatewayBenchmark wrk = new GatewayBenchmark(route, "direct".equals(route) ? "" : "spring-cloud-gateway",
                "http://127.0.0.1:21900/demo/call", connections, 2, 30, (long) (qps * 30), qps,
                new GatewayBenchmark.Latency(p99 / 4, p99 / 3, p99 / 2, p99, p99 / 3, p99 * 2), Map.of(), 2, 20, 2048,
                List.of(servers));
        return new Line<>("gatewayBenchmark", Instant.EPOCH, phase * 100.0, phase, wrk, phase);
    }
}
