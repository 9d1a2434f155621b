package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.FigureShift.Judgement;
import io.upgradelab.reports.html.RunTimeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Figures judged from their samples, on recorded runs. */
class FigureShiftTest {

    @TempDir
    Path dir;

    @Test
    void aRunAgainstItselfMovesNothingAndSaysWhereItHadTooFewSamples() throws IOException {
        JournalFile run = JournalFile.read(RecordedRuns.ciSizeRun(dir.resolve("run")));

        List<FigureShift> shifts = shifts(run, run);

        assertThat(shifts).isNotEmpty().noneMatch(f -> f.judgement() == Judgement.WORSE || f.judgement() == Judgement.BETTER);
        assertThat(shifts).filteredOn(f -> f.judgement() == Judgement.SAME).isNotEmpty()
                .allSatisfy(f -> assertThat(f.shift().estimate()).isZero());
        assertThat(shifts).filteredOn(f -> f.judgement() == Judgement.THIN).allSatisfy(f -> {
            assertThat(f.shift()).isNull();
            assertThat(Math.min(f.before(), f.after())).isLessThan(6);
        });
        assertThat(shifts).extracting(FigureShift::figure)
                .contains("probe p99 ms", "probe success %", "CPU node 1 %", "instances node 3");
    }

    @Test
    void nodesThatCostHalfAsMuchAgainAreWorseWhereThePhaseHasTheSamples() throws IOException {
        JournalFile before = JournalFile.read(RecordedRuns.ciSizeRun(dir.resolve("before")));
        JournalFile after = JournalFile.read(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("after")));

        List<FigureShift> cpu = shifts(before, after).stream().filter(f -> f.figure().startsWith("CPU")).toList();

        assertThat(cpu).filteredOn(f -> f.judgement() == Judgement.WORSE).isNotEmpty().allSatisfy(f -> {
            assertThat(f.shift().low()).isPositive();
            assertThat(f.shift().pValue()).isLessThan(0.05);
            assertThat(f.worseWhen()).isEqualTo("higher");
        });
        assertThat(cpu).noneMatch(f -> f.judgement() == Judgement.BETTER);
    }

    /** The committed observation A/B: the minimal set's nodes work less during the client upgrade. */
    @Test
    void minimalObservationCostsNodeTwoLessDuringTheClientUpgrade() throws IOException {
        JournalFile full = JournalFile.read(RecordedRuns.committedRun("observation-ab/nacos-1x-to-2x-ci/full-1",
                dir.resolve("full")));
        JournalFile minimal = JournalFile.read(RecordedRuns.committedRun("observation-ab/nacos-1x-to-2x-ci/minimal-1",
                dir.resolve("minimal")));

        assertThat(shifts(full, minimal)).filteredOn(f -> f.phase() == 13 && f.figure().equals("CPU node 2 %"))
                .singleElement().satisfies(f -> {
                    assertThat(f.judgement()).isEqualTo(Judgement.BETTER);
                    assertThat(f.shift().high()).isNegative();
                    assertThat(f.before()).isGreaterThanOrEqualTo(10);
                });
    }

    private static List<FigureShift> shifts(JournalFile before, JournalFile after) {
        return FigureShift.of(RunComparison.of(RunSummaries.of(before), RunSummaries.of(after)), RunTimeline.of(before),
                RunTimeline.of(after));
    }
}
