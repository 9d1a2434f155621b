package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.reports.BenchmarkSummary;
import io.upgradelab.reports.BenchmarkSummary.EarlierRatio;
import io.upgradelab.reports.RunSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** benchmarkTps: the lowest after/before TPS ratio of the operations named, and nothing compared fails. */
class BenchmarkTpsTest {

    @Test
    void theLowestRatioOfTheOperationsNamedIsJudged() {
        RunSummary run = run(row(2, "register", 100, null), row(2, "query", 200, null),
                row(6, "register", 250, new EarlierRatio(2, 2.5, 0.5)), row(6, "query", 180, new EarlierRatio(2, 0.9, 1.2)));

        Verdict all = new BenchmarkTps(1.0, null).judge(run);
        assertThat(all.passed()).isFalse();
        assertThat(all.measured()).isEqualTo("x0.9 (at least x1.0; no 95 % interval: one TPS figure a side;"
                + " n 2 operations compared): lowest: query in phase 6, 180.0 TPS against 200.0 in phase 2");
        assertThat(new BenchmarkTps(2.0, List.of("register")).judge(run).passed()).isTrue();
        assertThat(new BenchmarkTps(3.0, List.of("register")).judge(run).passed()).isFalse();
    }

    @Test
    void aRunWithNothingMeasuredBeforeAndAfterFails() {
        Verdict verdict = new BenchmarkTps(0.5, null).judge(run(row(2, "register", 100, null)));
        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.measured()).contains("no benchmark operation was measured before and after");
        assertThat(new BenchmarkTps(0.5, List.of("deregister")).judge(run(row(2, "register", 100, null),
                row(6, "register", 300, new EarlierRatio(2, 3.0, 1.0)))).passed()).as("none of the operations named")
                .isFalse();
    }

    @Test
    void aRatioThatIsNotANumberIsTheLowestAndFailsNeverDroppingOutOfTheMinimum() {
        RunSummary run = run(row(2, "register", 100, null), row(2, "query", 200, null),
                row(6, "register", 250, new EarlierRatio(2, 2.5, 0.5)), row(6, "query", Double.NaN,
                        new EarlierRatio(2, Double.NaN, 1.2)));

        Verdict verdict = new BenchmarkTps(1.0, null).judge(run);

        assertThat(verdict.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(verdict.measured()).startsWith("xNaN (at least x1.0; ").contains("lowest: query in phase 6");
    }

    private static BenchmarkSummary row(int phase, String operation, double tps, EarlierRatio ratio) {
        return new BenchmarkSummary(phase, operation, "sdk", "1.4.1", "http", "1.4.1 x3", 4, 8, 32, 10, 4, 40, 40, 0,
                Map.of(), 1, "done", tps, ResponseTimes.NONE, List.of(), List.of(), -1, "", ratio);
    }

    private static RunSummary run(BenchmarkSummary... rows) {
        return new RunSummary("e", "", 1, "", "completed", true, 60, 0, List.of(), CallCounts.NONE, null, null, null,
                List.of(rows));
    }
}
