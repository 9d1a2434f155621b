package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure-sign criterion: what was seen, where, of which signs; and nothing watched is no pass but
 * inconclusive. The recorded run's copies have their load measured, as runs record it now.
 */
class FailureSignsTest {

    private static final List<String> WATCHED = List.of("invalidRedirect", "downgradeTo1x", "raftStateMachine",
            "readyToUpgradeDisagrees", "upgradedAlone");

    @TempDir
    Path dir;

    @Test
    void aSignSeenFailsTheCriterionNamingItsNodeAndPhase() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithSigns(dir.resolve("run"), WATCHED,
                null)));

        Verdict all = new FailureSigns(0, null, null).judge(run);
        assertThat(all.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(all.criterion()).isEqualTo("failure signs at most 0 over all phases");
        assertThat(all.measured()).isEqualTo("1 failure signs (at most 0; exact; n 14 phases watched): invalidRedirect on node 2 in phase 9");

        assertThat(new FailureSigns(1, null, null).judge(run).passed()).isTrue();
        assertThat(new FailureSigns(0, null, List.of("rollingClientUpgrade", "14")).judge(run).passed())
                .as("the after").isTrue();
        Verdict other = new FailureSigns(0, List.of("downgradeTo1x"), null).judge(run);
        assertThat(other.passed()).isTrue();
        assertThat(other.criterion()).isEqualTo("failure signs (downgradeTo1x) at most 0 over all phases");
    }

    @Test
    void aSignNotWatchedLeavesItsCriterionInconclusiveWithWhatWasWatched() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithSigns(dir.resolve("run"),
                List.of("readyToUpgradeDisagrees", "upgradedAlone"),
                "no log the lab can read on node 1, 2, 3: invalidRedirect, downgradeTo1x, raftStateMachine not watched there")));

        Verdict logs = new FailureSigns(0, List.of("invalidRedirect"), null).judge(run);

        assertThat(logs.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(logs.measured()).startsWith("not watched in this run: invalidRedirect (watched: readyToUpgradeDisagrees,"
                + " upgradedAlone); no log the lab can read on node 1, 2, 3");
        assertThat(new FailureSigns(0, List.of("readyToUpgradeDisagreez"), null).judge(run).passed())
                .as("a typo is not a pass").isFalse();
    }

    @Test
    void aRunThatWatchedNothingNeverPasses() throws Exception {
        Path old = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("old")));
        Verdict before = new FailureSigns(1000, null, null).judge(summary(old));
        assertThat(before.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(before.measured()).isEqualTo("no failure sign was watched in this run: nothing measured (its journal"
                + " has no signsWatched line)");

        RunSummary none = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithSigns(dir.resolve("none"),
                List.of(), "nothing to watch")));
        assertThat(new FailureSigns(1000, null, null).judge(none).status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
    }

    @Test
    void aPolicyNamesTheSignsAndPhases() throws Exception {
        Path policy = Files.writeString(dir.resolve("policy.yaml"), """
                name: p
                criteria:
                  - kind: failureSigns
                    atMost: 0
                    signs: [invalidRedirect, raftStateMachine]
                    phases: [rollingServerUpgrade]
                """);
        assertThat(PolicyFile.read(policy).criteria()).singleElement().isEqualTo(new FailureSigns(0,
                List.of("invalidRedirect", "raftStateMachine"), List.of("rollingServerUpgrade")));
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run));
    }
}
