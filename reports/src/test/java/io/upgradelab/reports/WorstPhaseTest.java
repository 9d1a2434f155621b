package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The worst phase: most no-provider errors, then the lowest success, then the highest p99, then the most flapping. */
class WorstPhaseTest {

    @Test
    void eachFigureDecidesOnlyWhereTheOnesBeforeItTie() {
        List<PhaseSummary> phases = new ArrayList<>(List.of(
                phase(1, 0, 0, 80, 0),      // the slowest
                phase(2, 0, 5, 10, 0),      // the least successful
                phase(3, 3, 0, 5, 0),       // the only one without a provider
                phase(4, 0, 0, 80, 2)));    // as slow as 1, and flapping

        assertThat(worst(phases)).isEqualTo(3);
        phases.remove(2);
        assertThat(worst(phases)).isEqualTo(2);
        phases.remove(1);
        assertThat(worst(phases)).isEqualTo(4);
        phases.set(1, phase(4, 0, 0, 80, 0));
        assertThat(worst(phases)).as("a tie: the earlier phase").isEqualTo(1);
        assertThat(WorstPhase.of(run(List.of()))).isEmpty();
    }

    @Test
    void itsFiguresSayWhatRankedIt() {
        WorstPhase worst = WorstPhase.of(run(List.of(phase(9, 12, 0, 45.1, 3)))).orElseThrow();

        assertThat(worst.title()).isEqualTo("phase 9 (1.4.1 x3 -> 2.0.4 x3)");
        assertThat(worst.figures()).isEqualTo("12 no-provider errors, 98.8% ok, p99 45.10 ms, 3 flapping events");
    }

    @Test
    void theRecordedRunsWorstIsItsSlowestPhaseAsNoCallFailed() {
        RunSummary run = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeJournal()));
        double slowest = run.phases().stream().mapToDouble(p -> p.latency().p99()).max().orElseThrow();

        WorstPhase worst = WorstPhase.of(run).orElseThrow();

        assertThat(run.probe().failed()).isZero();
        assertThat(worst.phase().latency().p99()).isEqualTo(slowest);
        assertThat(worst.phase().index()).isEqualTo(1);
    }

    private static int worst(List<PhaseSummary> phases) {
        return WorstPhase.of(run(phases)).orElseThrow().phase().index();
    }

    /** A phase whose probe saw, of 1000 calls, {@code noProvider} fail for want of a provider and {@code timeouts} time out. */
    private static PhaseSummary phase(int index, long noProvider, long timeouts, double p99, int drops) {
        long ok = 1000 - noProvider - timeouts;
        CallCounts calls = new CallCounts(1000, ok, noProvider, timeouts, 0, 0, 0, Map.of());
        NodeSummary node = new NodeSummary(1, 10, 0, 100, 120, 110, 5, drops, drops, drops, 20, 25, 30, 500, 10);
        return new PhaseSummary(index, "hold", "phase " + index, "done", 10, 10, "1.4.1 x3 -> 2.0.4 x3", "1x", 120,
                drops == 0, List.of(node), calls, new Percentiles(ok, 1, 2, 3, p99, p99 + 1),
                LoadValidity.judge(20.0, 5.0, 2.0, 50.0, 1.0), "", List.of(), null);
    }

    private static RunSummary run(List<PhaseSummary> phases) {
        return new RunSummary("e", "", 1, "2026-11-22T04:36:56Z", "completed", true, 70, 0, phases, CallCounts.NONE,
                null, new RunSummary.EndOfRun(0, List.of()));
    }
}
