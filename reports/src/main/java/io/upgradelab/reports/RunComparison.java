package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * Two runs phase by phase: a "before" (a baseline: the old version, the last release) and an
 * "after". Phases pair up by their number when they are of the same kind, as two runs of one
 * experiment file do; a phase without a counterpart is listed, not guessed at. The runs' naming
 * benchmarks are compared operation by operation ({@link BenchmarkComparison}).
 *
 * @param pairs         phases in both runs, in order
 * @param onlyInBefore  phases of the before run without a counterpart
 * @param onlyInAfter   phases of the after run without a counterpart
 * @param benchmarks    the naming benchmarks' operations, paired by phase number and operation
 * @param gateway       the gateway benchmarks' wrk runs, paired by phase number, route and connections
 * @param stacks        the consumer stacks' figures, paired by phase number, stack and event
 */
public record RunComparison(RunSummary before, RunSummary after, List<Pair> pairs, List<PhaseSummary> onlyInBefore,
                            List<PhaseSummary> onlyInAfter, BenchmarkComparison benchmarks,
                            Paired<GatewayBenchmarkSummary> gateway, Paired<ConsumerStackSummary> stacks) {

    /** The comparison of these phases, with the runs' benchmarks, gateway benchmarks and consumer stacks paired. */
    public RunComparison(RunSummary before, RunSummary after, List<Pair> pairs, List<PhaseSummary> onlyInBefore,
                         List<PhaseSummary> onlyInAfter) {
        this(before, after, pairs, onlyInBefore, onlyInAfter,
                BenchmarkComparison.of(before.benchmarks(), after.benchmarks()),
                Paired.of(before.gatewayBenchmarks(), after.gatewayBenchmarks(), (b, a) -> b.phase() == a.phase()
                        && b.wrk().route().equals(a.wrk().route()) && b.wrk().concurrency() == a.wrk().concurrency()
                        && b.wrk().during().equals(a.wrk().during())),
                Paired.of(before.consumerStacks(), after.consumerStacks(), (b, a) -> b.phase() == a.phase()
                        && b.line().stack().equals(a.line().stack()) && b.line().event().equals(a.line().event())));
    }

    /** One phase in both runs. */
    public record Pair(PhaseSummary before, PhaseSummary after) {
    }

    public static RunComparison of(RunSummary before, RunSummary after) {
        List<Pair> pairs = new ArrayList<>();
        List<PhaseSummary> onlyInBefore = new ArrayList<>();
        for (PhaseSummary b : before.phases()) {
            PhaseSummary a = counterpart(b, after);
            if (a == null) {
                onlyInBefore.add(b);
            } else {
                pairs.add(new Pair(b, a));
            }
        }
        List<PhaseSummary> onlyInAfter = after.phases().stream().filter(a -> counterpart(a, before) == null).toList();
        return new RunComparison(before, after, List.copyOf(pairs), List.copyOf(onlyInBefore), onlyInAfter);
    }

    /** {@code phase}'s counterpart in {@code other}: the phase of the same number and kind, or null. */
    public static PhaseSummary counterpart(PhaseSummary phase, RunSummary other) {
        return other.phases().stream().filter(p -> p.index() == phase.index() && p.kind().equals(phase.kind()))
                .findFirst().orElse(null);
    }

    /** The cluster's mean CPU over a phase: the mean of its nodes' means, in % of one core; NaN without samples. */
    public static double clusterMeanCpu(PhaseSummary phase) {
        return phase.nodes().stream().filter(n -> n.cpuSamples() > 0)
                .mapToDouble(NodeSummary::meanCpuPercent).average().orElse(Double.NaN);
    }
}
