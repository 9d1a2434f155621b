package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.GatewayBenchmark;
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
                line(5, "gateway", 600, 700, 130, "3.1.0", "2.3.2", "3.1.0")));

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

    private static Line<GatewayBenchmark> line(int phase, String route, int connections, double qps, double p99,
                                               String... servers) {
        GatewayBenchmark wrk = new GatewayBenchmark(route, "direct".equals(route) ? "" : "spring-cloud-gateway",
                "http://127.0.0.1:21900/demo/call", connections, 2, 30, (long) (qps * 30), qps,
                new GatewayBenchmark.Latency(p99 / 4, p99 / 3, p99 / 2, p99, p99 / 3, p99 * 2), Map.of(), 2, 20, 2048,
                List.of(servers));
        return new Line<>("gatewayBenchmark", Instant.EPOCH, phase * 100.0, phase, wrk, phase);
    }
}
