package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * What the upgrade changed, as the run itself measured it before and after, for the report's
 * opening. A run that repeats a phase (same kind, same providers) on its first versions and again on
 * its last ones, as the reference experiment holds at 280 providers on 1.4.1 and again on 2.0.4 with
 * 2.x clients, compares itself without a second run; so do the naming benchmark's operations measured
 * before and after ({@link BenchmarkSummary#againstEarlier()}). {@code compare} sets two runs side by
 * side; this is the one run's own before and after.
 *
 * @param before the earlier phase
 * @param after  the later phase
 * @param what   what was measured: "hold 10s at 280 providers, 1.4.1 x3 with 1x clients -> 2.0.4 x3 with 2x clients"
 * @param figures "ok 100 -> 100%, p99 30.38 -> 12.10 ms (x0.40), CPU mean 45.2 -> 20.1% (x0.44), flapping 0 -> 0"
 */
public record UpgradeChange(int before, int after, String what, String figures) {

    /** The run's before and after: pairs of phases first, then benchmark operations; none when it repeats nothing. */
    public static List<UpgradeChange> of(RunSummary run) {
        List<UpgradeChange> changes = new ArrayList<>(phases(run));
        changes.addAll(benchmarks(run));
        return List.copyOf(changes);
    }

    /**
     * Each phase on the run's last versions (servers and clients, steady through it) paired with the
     * last phase of the same kind and providers on its first versions.
     */
    private static List<UpgradeChange> phases(RunSummary run) {
        List<PhaseSummary> steady = run.phases().stream().filter(UpgradeChange::steady).toList();
        if (steady.isEmpty() || versions(steady.get(0)).equals(versions(steady.get(steady.size() - 1)))) {
            return List.of();
        }
        String first = versions(steady.get(0));
        String last = versions(steady.get(steady.size() - 1));
        List<UpgradeChange> changes = new ArrayList<>();
        for (PhaseSummary after : steady) {
            if (!versions(after).equals(last)) {
                continue;
            }
            steady.stream().filter(b -> versions(b).equals(first) && b.kind().equals(after.kind())
                            && b.providers() == after.providers()).reduce((a, b) -> b)
                    .ifPresent(before -> changes.add(phases(before, after)));
        }
        return changes;
    }

    private static UpgradeChange phases(PhaseSummary before, PhaseSummary after) {
        String what = after.title() + ", " + versionsSaid(before) + " -> " + versionsSaid(after);
        List<String> figures = new ArrayList<>();
        figures.add("ok " + SummaryText.number(before.probe().successPercent()) + " -> "
                + SummaryText.number(after.probe().successPercent()) + "%");
        if (before.latency() != null && after.latency() != null) {
            figures.add("p99 " + SummaryText.ms(before.latency().p99()) + " -> " + SummaryText.ms(after.latency().p99())
                    + " ms" + ratio(after.latency().p99(), before.latency().p99()));
        }
        double cpuBefore = RunComparison.clusterMeanCpu(before);
        double cpuAfter = RunComparison.clusterMeanCpu(after);
        if (!Double.isNaN(cpuBefore) && !Double.isNaN(cpuAfter)) {
            figures.add("CPU mean per node " + SummaryText.number(round(cpuBefore)) + " -> "
                    + SummaryText.number(round(cpuAfter)) + "%" + ratio(cpuAfter, cpuBefore));
        }
        figures.add("flapping " + flapping(before) + " -> " + flapping(after));
        return new UpgradeChange(before.index(), after.index(), what, String.join(", ", figures));
    }

    /** Each benchmark operation measured again later in the run, against its first measurement. */
    private static List<UpgradeChange> benchmarks(RunSummary run) {
        List<UpgradeChange> changes = new ArrayList<>();
        for (BenchmarkSummary after : run.benchmarks()) {
            BenchmarkSummary.EarlierRatio earlier = after.againstEarlier();
            if (earlier == null) {
                continue;
            }
            run.benchmarks().stream().filter(b -> b.phase() == earlier.phase() && after.measuresTheSameAs(b))
                    .findFirst().ifPresent(before -> changes.add(benchmark(before, after)));
        }
        return changes;
    }

    private static UpgradeChange benchmark(BenchmarkSummary before, BenchmarkSummary after) {
        String what = "benchmark " + after.operation() + " (" + after.api() + ", " + after.concurrency() + " threads), "
                + before.servers() + " -> " + after.servers();
        String figures = SummaryText.number(before.tps()) + " -> " + SummaryText.number(after.tps()) + " TPS"
                + (after.tpsRatio(before) == null ? "" : " (" + SummaryText.ratio(after.tpsRatio(before)) + ")");
        if (after.p99Ratio(before) != null) {
            figures += ", p99 " + SummaryText.ms(before.responseTimes().p99()) + " -> "
                    + SummaryText.ms(after.responseTimes().p99()) + " ms (" + SummaryText.ratio(after.p99Ratio(before)) + ")";
        }
        return new UpgradeChange(before.phase(), after.phase(), what, figures);
    }

    /** Done, and on one server version set and one client set throughout (no "a -> b"). */
    private static boolean steady(PhaseSummary phase) {
        return "done".equals(phase.outcome()) && !phase.serverVersions().isEmpty() && !phase.clients().isEmpty()
                && !phase.serverVersions().contains(" -> ") && !phase.clients().contains(" -> ");
    }

    private static String versions(PhaseSummary phase) {
        return phase.serverVersions() + "|" + phase.clients();
    }

    /** "1.4.1 x3 with 1x clients". */
    private static String versionsSaid(PhaseSummary phase) {
        return phase.serverVersions() + " with " + phase.clients() + " clients";
    }

    private static int flapping(PhaseSummary phase) {
        return phase.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum();
    }

    /** " (x0.40)", or "" when the before is 0. */
    private static String ratio(double after, double before) {
        return before > 0 ? " (" + SummaryText.ratio(after / before) + ")" : "";
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    /** "phase 6 -> 14": the phases compared. */
    public String phases() {
        return before == after ? "phase " + after : "phase " + before + " -> " + after;
    }
}
