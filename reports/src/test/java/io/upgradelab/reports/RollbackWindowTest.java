package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.RunSummary.Warning;
import io.upgradelab.reports.SummaryText.Cell;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rollback window: a row per rollback, after which upgrade it came, whether the nodes came back. */
class RollbackWindowTest {

    @Test
    void aRollbackThatBroughtEveryNodeBackIsARowOfItsWindowsFigures() {
        RunSummary run = run(List.of(phase(1, "rollingServerUpgrade", "rolling server upgrade to 3.1.0 (node 1 of 3)",
                "done", 0, List.of()), phase(2, "rollback", "roll back node 1 to 2.3.2", "done", 0, List.of()),
                phase(3, "hold", "hold 30s", "done", 4, List.of())));

        List<List<Cell>> rows = RollbackWindow.rows(run);

        assertThat(rows).singleElement().satisfies(row -> assertThat(row).extracting(Cell::text).containsExactly("2",
                "roll back node 1 to 2.3.2", "1: rolling server upgrade to 3.1.0 (node 1 of 3)", "yes (2.3.2 x3)", "97",
                "1996 / 4", "not checked", "0"));
        assertThat(rows.get(0).get(5).alarming()).as("no-provider errors").isTrue();
        assertThat(SummaryMarkdown.render(run)).contains("### Rollback", "| yes (2.3.2 x3) |");
    }

    @Test
    void aNodeThatDidNotComeBackSaysWhy() {
        RunSummary run = run(List.of(phase(1, "rollingServerUpgrade", "up", "done", 0, List.of()),
                phase(2, "rollback", "roll back node 1 to 2.2.3", "failed", 0, List.of(new Warning("nodeNotBack",
                        "node 1 did not come back on 2.2.3 after 2.3.2: Fail to init RocksDBLogStorage")))));

        assertThat(RollbackWindow.rows(run)).singleElement().satisfies(row -> {
            assertThat(row.get(3).text()).isEqualTo("no: node 1 did not come back on 2.2.3 after 2.3.2: Fail to init"
                    + " RocksDBLogStorage");
            assertThat(row.get(3).alarming()).isTrue();
        });
        assertThat(RollbackWindow.rows(run(List.of(phase(1, "hold", "hold", "done", 0, List.of()))))).isEmpty();
    }

    private static PhaseSummary phase(int index, String kind, String title, String outcome, long noProvider,
                                      List<Warning> warnings) {
        CallCounts calls = new CallCounts(1000, 1000 - noProvider, noProvider, 0, 0, 0, 0, Map.of());
        NodeSummary node = new NodeSummary(1, 10, 0, 95 + index, 120, 110, 5, 0, 0, 0, 20, 25, 30, 500, 10);
        return new PhaseSummary(index, kind, title, outcome, 10, 10, "2.3.2 x3", "2.5.1", 120, true, List.of(node), calls,
                new Percentiles(1000, 1, 2, 3, 4, 5), LoadValidity.judge(20.0, 5.0, 2.0, 50.0, 1.0), "", warnings, null);
    }

    private static RunSummary run(List<PhaseSummary> phases) {
        return new RunSummary("e", "", 1, "2026-12-07T04:00:00Z", "completed", true, 70, 0, phases, CallCounts.NONE,
                null, new RunSummary.EndOfRun(0, List.of()));
    }
}
