package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.reports.LoadValidity;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A criterion with nothing measured in the phases it judges never passes, whatever its threshold: it is
 * inconclusive, naming what was missing ({@link Evidence}); with something measured, it is judged.
 */
class NothingMeasuredTest {

    /** Three nodes that answered instance counts, but whose CPU was never sampled. */
    private static final List<NodeSummary> NO_CPU = List.of(node(1, 12, 0), node(2, 12, 0), node(3, 12, 0));
    /** Three nodes that were never sampled at all. */
    private static final List<NodeSummary> NOTHING = List.of(node(1, 0, 0), node(2, 0, 0), node(3, 0, 0));

    @Test
    void cpuNeverSampledIsNotZeroPercent() {
        Verdict verdict = new CpuP95(100, null).judge(run(NO_CPU, CallCounts.NONE));
        assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("not judged: phase 1: node 1 has 0 CPU sample(s) (under 3)");
        assertThat(new CpuP95(100, null).judge(run(List.of(node(1, 12, 12)), CallCounts.NONE)).passed()).isTrue();
    }

    @Test
    void noProbeCallMeansNoVerdictOnNoProviderErrors() {
        Verdict verdict = new NoProviderErrors(1000, null).judge(run(NO_CPU, CallCounts.NONE));
        assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("not judged: phase 1: no probe call ended in it");
        CallCounts calls = new CallCounts(100, 100, 0, 0, 0, 0, 0, null);
        assertThat(new NoProviderErrors(0, null).judge(run(NO_CPU, calls)).passed()).isTrue();
    }

    @Test
    void noInstanceSampleMeansNoVerdictOnFlapping() {
        Verdict verdict = new Flapping(1000, null).judge(run(NOTHING, CallCounts.NONE));
        assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("not judged: phase 1: node 1 answered 0 instance-count sample(s) (under 3)");
        assertThat(new Flapping(0, null).judge(run(NO_CPU, CallCounts.NONE)).passed()).isTrue();
    }

    private static NodeSummary node(int node, int samples, int cpuSamples) {
        return new NodeSummary(node, samples, 0, 100, 100, 100, 0, 0, 0, 0, 0, 0, 0, 0, cpuSamples);
    }

    /**
     * A hold of {@code nodes}, with the instance-count samples their tallies count (a tally claims no
     * more samples than the journal holds: {@link Evidence#instanceSamples}).
     */
    private static RunSummary run(List<NodeSummary> nodes, CallCounts calls) {
        int samples = nodes.stream().mapToInt(NodeSummary::samples).max().orElse(0);
        List<NodeCountsSample> counts = java.util.stream.IntStream.range(0, samples)
                .mapToObj(i -> new NodeCountsSample(nodes.stream().map(n -> new NodeSample(n.node(), "1.4.1", true, 21,
                        100, 100, 2, 2, null)).toList(), 100)).toList();
        PhaseSummary hold = new PhaseSummary(1, "hold", "hold 1m", "done", 60, 60, "1.4.1 x3", "1x", 120, true, nodes,
                calls, null, LoadValidity.judge(90.0, 5.0, 2.0, 50.0, 1.0), "", List.of(), List.of(), List.of(), counts,
                null);
        return new RunSummary("e", "", 1, "", "completed", true, 60, 0, List.of(hold), calls, null,
                new RunSummary.EndOfRun(0, List.of()));
    }
}
