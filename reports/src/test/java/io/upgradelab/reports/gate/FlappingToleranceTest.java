package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.LoadValidity;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flapping counted again with the policy's tolerance from the samples' expected counts: by default a
 * node that lost one client's providers flaps, however small a share of the fleet that is.
 */
class FlappingToleranceTest {

    @TempDir
    Path dir;

    @Test
    void theCiSizeRunDoesNotFlapInItsLastHoldWithoutTolerance() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithExpected(dir.resolve("run"), 0, 0)));

        Verdict verdict = new Flapping(0, List.of("14")).judge(run);

        assertThat(verdict.passed()).as(verdict.measured()).isTrue();
        assertThat(verdict.measured()).isEqualTo("0 flapping events (at most 0; exact; n 3 instance-count samples): tolerating 0 instances");
        assertThat(new Flapping(0, List.of("13")).judge(run).passed()).as("nor in the client upgrade").isTrue();
        assertThat(new Flapping(0, List.of("9")).judge(run).passed()).as("the server upgrade loses instances")
                .isFalse();
    }

    @Test
    void oneClientsProvidersMissingFailTheDefaultAndPassALooseTolerance() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithExpected(dir.resolve("run"), 14, 20)));

        Verdict strict = new Flapping(0, List.of("14")).judge(run);
        assertThat(strict.passed()).isFalse();
        assertThat(strict.measured()).isEqualTo("1 flapping events (at most 0; exact; n 3 instance-count samples): tolerating 0 instances");

        assertThat(new Flapping(0, List.of("14"), 20, null).judge(run).passed()).isTrue();
        assertThat(new Flapping(0, List.of("14"), 19, null).judge(run).passed()).isFalse();
        Verdict loose = new Flapping(0, List.of("14"), null, 10.0).judge(run);
        assertThat(loose.passed()).isTrue();
        assertThat(loose.criterion()).endsWith("over phases 14, tolerating 10%");
    }

    @Test
    void atFullScaleOneClientOfAHundredIsCaughtByDefaultThoughItIsUnderTheRunnersOnePercent() {
        List<NodeCountsSample> counts = new ArrayList<>();
        for (int i = 0; i < 36; i++) {   // a 3-minute hold, node 2 without client 17's 140 providers
            counts.add(new NodeCountsSample(List.of(node(1, 14002), node(2, 14002 - 140), node(3, 14002)), 14002));
        }
        PhaseSummary hold = new PhaseSummary(14, "hold", "hold 3m at 14000 providers", "done", 180, 180, "2.0.4 x3",
                "2x", 14000, true, List.of(figures(1), figures(2), figures(3)), CallCounts.NONE, null,
                LoadValidity.judge(null, 10.0, 3.0, 40.0, 1.0), "", List.of(),
                List.of(), List.of(), counts, null);
        RunSummary run = new RunSummary("e", "", 1, "", "completed", true, 180, 0, List.of(hold), CallCounts.NONE, null,
                new RunSummary.EndOfRun(14002, List.of(14002, 13862, 14002)));

        assertThat(new Flapping(0, List.of("14")).judge(run).passed()).isFalse();
        assertThat(new Flapping(0, List.of("14"), null, 1.0).judge(run).passed()).as("the runner's own 1%").isTrue();
    }

    @Test
    void aJournalWithoutExpectedCountsIsJudgedOnTheRunnersTalliesAndSaysSo() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("old")));
        RunSummary summary = summary(run);

        assertThat(new Flapping(0, List.of("14")).judge(summary).measured()).as("as before").isEqualTo("0 flapping events (at most 0; exact; n 3 instance-count samples)");
        assertThat(new Flapping(0, List.of("14"), 5, null).judge(summary).measured())
                .isEqualTo("0 flapping events (at most 0; exact; n 3 instance-count samples): the runner's 1% tolerance: the"
                        + " journal's samples lack their expected count");
    }

    @Test
    void thePolicyFileTakesTheTolerance() throws Exception {
        Path policy = Files.writeString(dir.resolve("policy.yaml"), """
                name: p
                criteria:
                  - kind: flapping
                    atMost: 0
                    toleranceInstances: 2
                    tolerancePercent: 0.5
                """);
        assertThat(PolicyFile.read(policy).criteria()).singleElement()
                .isEqualTo(new Flapping(0, null, 2, 0.5));
        Path wrong = Files.writeString(dir.resolve("wrong.yaml"), """
                name: p
                criteria:
                  - kind: flapping
                    atMost: 0
                    tolerancePercent: 150
                    toleranceInstances: 1.5
                """);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PolicyFile.read(wrong))
                .hasMessageContaining("wrong.yaml:6: criteria[0].toleranceInstances: must be a whole number");
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run));
    }

    private static NodeSample node(int node, int instances) {
        return new NodeSample(node, "2.0.4", true, 141, instances, instances, 2, 2, null);
    }

    private static NodeSummary figures(int node) {
        return new NodeSummary(node, 36, 0, 13862, 14002, 14002, 0, 0, 0, 0, 6, 7, 8, 900, 36);
    }
}
