package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.upgradelab.journal.GatewayBenchmark;
import io.upgradelab.journal.GatewaySecond;
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
 * @param seconds for a run through a phase ({@link GatewayBenchmark#during()}), its seconds tallied; null for a
 *                measured run
 */
public record GatewayBenchmarkSummary(int phase, String servers, GatewayBenchmark wrk, Earlier earlier,
                                      @JsonInclude(JsonInclude.Include.NON_NULL) GatewaySecond.Tally seconds) {

    /**
     * The earlier measurement a row is set against.
     *
     * @param phase    its phase
     * @param qpsRatio this row's QPS over its
     * @param p99Ratio this row's p99 over its
     */
    public record Earlier(int phase, double qpsRatio, double p99Ratio) {
    }

    /** A measured row, or one whose seconds are not at hand. */
    public GatewayBenchmarkSummary(int phase, String servers, GatewayBenchmark wrk, Earlier earlier) {
        this(phase, servers, wrk, earlier, null);
    }

    /**
     * The rows of a run's gatewayBenchmark lines, in journal order, each set against its earlier twin; a run through
     * a phase with its {@code seconds} (those of the same phase, gateway, phase kind and connections) tallied.
     */
    public static List<GatewayBenchmarkSummary> of(List<Line<GatewayBenchmark>> lines, List<Line<GatewaySecond>> seconds) {
        List<GatewayBenchmarkSummary> rows = new ArrayList<>();
        for (Line<GatewayBenchmark> line : lines) {
            GatewayBenchmark wrk = line.body();
            Earlier earlier = rows.stream().filter(r -> r.phase() < line.phase() && r.wrk().sameLoadAs(wrk)).findFirst()
                    .map(r -> new Earlier(r.phase(), wrk.qps() / r.wrk().qps(),
                            wrk.latency().p99() / r.wrk().latency().p99()))
                    .orElse(null);
            GatewaySecond.Tally tally = wrk.during().isEmpty() ? null : GatewaySecond.tally(seconds.stream()
                    .filter(s -> s.phase() == line.phase() && s.body().gateway().equals(wrk.gateway())
                            && s.body().during().equals(wrk.during()) && s.body().concurrency() == wrk.concurrency())
                    .map(Line::body).toList());
            rows.add(new GatewayBenchmarkSummary(line.phase(), servers(wrk.servers()), wrk, earlier, tally));
        }
        return List.copyOf(rows);
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

    /**
     * "direct" or "spring-cloud-gateway": the route as the reference's table names it; "spring-cloud-gateway during
     * rollingServerUpgrade" for a run through a phase.
     */
    public String route() {
        return (GatewayBenchmark.DIRECT.equals(wrk.route()) ? "direct" : wrk.gateway())
                + (wrk.during().isEmpty() ? "" : " during " + wrk.during());
    }

    /**
     * "Phase 3, through spring-cloud-gateway at 60 connections during rollingServerUpgrade, per second: 412 s at a
     * median ..."; empty for a measured run.
     */
    public String secondsSentence() {
        return seconds == null ? "" : "Phase " + phase + ", through " + wrk.gateway() + " at " + wrk.concurrency()
                + " connections during " + wrk.during() + ", per second: " + seconds.describe();
    }

    /** "x0.93 QPS, x1.20 p99 vs phase 2", or "" without an earlier twin. */
    public String againstEarlier() {
        return earlier == null ? "" : String.format(Locale.ROOT, "x%.2f QPS, x%.2f p99 vs phase %d", earlier.qpsRatio(),
                earlier.p99Ratio(), earlier.phase());
    }
}
