package io.upgradelab.reports;

import io.upgradelab.journal.GatewayBenchmark;
import io.upgradelab.journal.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One wrk run of a {@code gatewayBenchmark} phase as the reports show it, in the shape of the reference
 * gateway benchmark's table (QPS, p50/p75/p90/p99, average and max, direct and through the gateway),
 * with the same run before an upgrade beside it where the run has one.
 *
 * @param phase   the phase it ran in
 * @param servers the nodes' versions, "2.3.2" when all alike, else "2.3.2, 3.1.0, 3.1.0"
 * @param wrk     the journal line: wrk's figures
 * @param earlier the first earlier run of this run with the same route, gateway and connections (the
 *                measurement before an upgrade); null when none
 */
public record GatewayBenchmarkSummary(int phase, String servers, GatewayBenchmark wrk, Earlier earlier) {

    /**
     * The earlier measurement a row is set against.
     *
     * @param phase    its phase
     * @param qpsRatio this row's QPS over its
     * @param p99Ratio this row's p99 over its
     */
    public record Earlier(int phase, double qpsRatio, double p99Ratio) {
    }

    /** The rows of a run's gatewayBenchmark lines, in journal order, each set against its earlier twin. */
    public static List<GatewayBenchmarkSummary> of(List<Line<GatewayBenchmark>> lines) {
        List<GatewayBenchmarkSummary> rows = new ArrayList<>();
        for (Line<GatewayBenchmark> line : lines) {
            GatewayBenchmark wrk = line.body();
            Earlier earlier = rows.stream().filter(r -> r.phase() < line.phase() && sameLoad(r.wrk(), wrk)).findFirst()
                    .map(r -> new Earlier(r.phase(), wrk.qps() / r.wrk().qps(),
                            wrk.latency().p99() / r.wrk().latency().p99()))
                    .orElse(null);
            rows.add(new GatewayBenchmarkSummary(line.phase(), servers(wrk.servers()), wrk, earlier));
        }
        return List.copyOf(rows);
    }

    private static boolean sameLoad(GatewayBenchmark a, GatewayBenchmark b) {
        return a.route().equals(b.route()) && a.gateway().equals(b.gateway()) && a.concurrency() == b.concurrency()
                && a.backends() == b.backends() && a.delayMillis() == b.delayMillis() && a.bodyBytes() == b.bodyBytes();
    }

    private static String servers(List<String> versions) {
        return versions.stream().distinct().count() == 1 ? versions.get(0) : String.join(", ", versions);
    }

    /** This row's QPS over {@code before}'s; null when that measured none. */
    public Double qpsOver(GatewayBenchmarkSummary before) {
        return before.wrk().qps() > 0 ? wrk.qps() / before.wrk().qps() : null;
    }

    /** This row's p99 over {@code before}'s; null when that measured none. */
    public Double p99Over(GatewayBenchmarkSummary before) {
        return before.wrk().latency().p99() > 0 ? wrk.latency().p99() / before.wrk().latency().p99() : null;
    }

    /** "direct" or "spring-cloud-gateway": the route as the reference's table names it. */
    public String route() {
        return GatewayBenchmark.DIRECT.equals(wrk.route()) ? "direct" : wrk.gateway();
    }

    /** "x0.93 QPS, x1.20 p99 vs phase 2", or "" without an earlier twin. */
    public String againstEarlier() {
        return earlier == null ? "" : String.format(Locale.ROOT, "x%.2f QPS, x%.2f p99 vs phase %d", earlier.qpsRatio(),
                earlier.p99Ratio(), earlier.phase());
    }
}
