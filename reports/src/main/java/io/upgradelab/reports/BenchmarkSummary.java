package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.ResponseTimes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One measured operation of a {@code benchmark} phase (one journal line), as Nacos's published naming
 * benchmark reports give it: TPS and response times per operation and load, with the servers' CPU.
 * Carries its ratio to the first earlier row of the run that measured the same thing, so a run that
 * benchmarks before and after an upgrade says what the upgrade changed (the 2.0 report's "register
 * 2x, query 3x") without a second run.
 *
 * @param phase          the phase it ran in
 * @param servers        the nodes' versions, by node: "1.4.1 x3", "2.0.4, 1.4.1 x2"
 * @param concurrency    clients x threads
 * @param failed         attempted operations that did not succeed
 * @param errors         the failed ones by kind
 * @param cpu            each node's CPU while it ran; a node without samples has no mean (not measured, not 0%)
 * @param cpuLimits      each node's CPU limit in cores; empty when unlimited
 * @param grpcConnections the benchmark's gRPC connections the nodes listed; -1 when not asked
 * @param againstEarlier its ratio to the first earlier row of the same operation, API, concurrency, services and
 *                       instances; null when there is none
 */
public record BenchmarkSummary(int phase, String operation, String api, String client, String transport,
                               String servers, int clients, int threads, int concurrency, int services,
                               int instances, long attempted, long succeeded, long failed, Map<String, Long> errors,
                               double seconds, String stoppedBy, double tps, ResponseTimes responseTimes,
                               List<NodeCpu> cpu, List<Double> cpuLimits, int grpcConnections, String jtl,
                               @JsonInclude(JsonInclude.Include.NON_NULL) EarlierRatio againstEarlier) {

    /**
     * One node's CPU over the operation.
     *
     * @param meanPercent the mean of its samples, % of one core; null without samples (not measured)
     */
    public record NodeCpu(int node, Double meanPercent, int samples) {
    }

    /**
     * A row against an earlier one of the same run that measured the same thing (before an upgrade).
     *
     * @param phase    the earlier row's phase
     * @param tpsRatio this row's TPS over the earlier one's; null when the earlier one had none
     * @param p99Ratio this row's p99 response time over the earlier one's; null when either has no response time
     */
    public record EarlierRatio(int phase, Double tpsRatio, Double p99Ratio) {
    }

    /** The rows of a run's benchmark lines, in journal order, each with its ratio to its earlier counterpart. */
    public static List<BenchmarkSummary> of(List<Line<NamingBenchmark>> lines) {
        List<BenchmarkSummary> rows = new ArrayList<>();
        for (Line<NamingBenchmark> line : lines) {
            BenchmarkSummary row = row(line.phase(), line.body());
            BenchmarkSummary earlier = rows.stream().filter(row::measuresTheSameAs).findFirst().orElse(null);
            rows.add(earlier == null ? row : row.against(earlier));
        }
        return List.copyOf(rows);
    }

    private static BenchmarkSummary row(int phase, NamingBenchmark b) {
        List<NodeCpu> cpu = b.cpu().stream().map(n -> new NodeCpu(n.node(),
                n.samples() > 0 ? n.meanPercent() : null, n.samples())).toList();
        return new BenchmarkSummary(phase, b.operation(), b.api(), b.client(), b.transport(), servers(b.servers()),
                b.clients(), b.threads(), b.concurrency(), b.services(), b.instances(), b.attempted(), b.succeeded(),
                b.failed(), b.errors(), b.seconds(), b.stoppedBy(), b.tps(), b.responseTimes(), cpu, b.cpuLimits(),
                b.grpcConnections(), b.jtl(), null);
    }

    /**
     * Whether {@code other} measured what this row did: the same operation through the same API (the
     * SDK, of whichever client version, or the open API), concurrency, services and instances.
     */
    public boolean measuresTheSameAs(BenchmarkSummary other) {
        return operation.equals(other.operation) && api.equals(other.api) && concurrency == other.concurrency
                && services == other.services
                && instances == other.instances;
    }

    private BenchmarkSummary against(BenchmarkSummary earlier) {
        return new BenchmarkSummary(phase, operation, api, client, transport, servers, clients, threads, concurrency,
                services, instances, attempted, succeeded, failed, errors, seconds, stoppedBy, tps, responseTimes, cpu,
                cpuLimits, grpcConnections, jtl, new EarlierRatio(earlier.phase, tpsRatio(earlier), p99Ratio(earlier)));
    }

    /** This row's TPS over {@code before}'s; null when {@code before} had none. */
    public Double tpsRatio(BenchmarkSummary before) {
        return before.tps > 0 ? tps / before.tps : null;
    }

    /** This row's p99 response time over {@code before}'s; null when either has no response time to compare. */
    public Double p99Ratio(BenchmarkSummary before) {
        boolean measured = responseTimes.count() > 0 && before.responseTimes.count() > 0 && before.responseTimes.p99() > 0;
        return measured ? responseTimes.p99() / before.responseTimes.p99() : null;
    }

    /** "1.4.1 x3", or by node with repeats run together: "2.0.4, 1.4.1 x2"; "" when not recorded. */
    static String servers(List<String> versions) {
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < versions.size(); ) {
            int from = i;
            while (i < versions.size() && versions.get(i).equals(versions.get(from))) {
                i++;
            }
            runs.add(versions.get(from) + (i - from > 1 ? " x" + (i - from) : ""));
        }
        return String.join(", ", runs);
    }
}
