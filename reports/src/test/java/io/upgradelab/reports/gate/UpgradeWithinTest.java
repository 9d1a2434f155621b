package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.reports.LoadValidity;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An upgrade that ended "done" in time still fails when a warning says it did not finish. */
class UpgradeWithinTest {

    @Test
    void aCleanUpgradeInTimePasses() {
        assertThat(new UpgradeWithin(600).judge(run(300, List.of())).passed()).isTrue();
        assertThat(new UpgradeWithin(200).judge(run(300, List.of())).passed()).isFalse();
    }

    @Test
    void upgradedNeverReachedOrRegistrationsRefusedFailIt() {
        for (String kind : List.of("upgradedNotReached", "registrationsRefused")) {
            Verdict verdict = new UpgradeWithin(600).judge(run(300, List.of(new RunSummary.Warning(kind, kind + " here"))));
            assertThat(verdict.passed()).as(kind).isFalse();
            assertThat(verdict.measured()).contains(kind + " here");
        }
        assertThat(new UpgradeWithin(600).judge(run(300, List.of(new RunSummary.Warning("nodeNotSynced", "slow"))))
                .passed()).isTrue();
    }

    @Test
    void aRunWithoutAnUpgradeMeasuredNothingAndFails() {
        RunSummary none = new RunSummary("e", "", 1, "", "completed", true, 1, 0, List.of(), CallCounts.NONE, null,
                new RunSummary.EndOfRun(0, List.of()));
        assertThat(new UpgradeWithin(600).judge(none).passed()).isFalse();
    }

    /** A run stopped before its planned upgrade says so, rather than "no such phase". */
    @Test
    void aPlannedUpgradeTheRunStoppedBeforeIsNotReachedAndInconclusive() {
        RunSummary stopped = new RunSummary("e", "", 1, "", "failed", true, 1, 0, List.of(), CallCounts.NONE, null,
                new RunSummary.EndOfRun(0, List.of()), null, List.of(),
                List.of(new io.upgradelab.journal.RunStarted.PlannedPhase(9, "rollingServerUpgrade", "upgrade", 300, 0,
                        6000, List.of("2.0.4", "2.0.4", "2.0.4"))));

        Verdict verdict = new UpgradeWithin(600).judge(stopped);

        assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("phase 9: not reached, the run stopped before it: nothing measured");
    }

    private static RunSummary run(double seconds, List<RunSummary.Warning> warnings) {
        PhaseSummary upgrade = new PhaseSummary(9, "rollingServerUpgrade", "upgrade the servers to 2.0.4", "done",
                seconds, 300, "1.4.1 x3 -> 2.0.4 x3", "1x", 120, true, List.of(), CallCounts.NONE, null,
                LoadValidity.judge(90.0, 5.0, 2.0, 50.0, 1.0), "", warnings, null);
        return new RunSummary("e", "", 1, "", "completed", true, seconds, 0, List.of(upgrade), CallCounts.NONE, null,
                new RunSummary.EndOfRun(0, List.of()));
    }
}
