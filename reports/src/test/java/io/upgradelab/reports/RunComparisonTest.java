package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two runs side by side: the recorded CI-size run against copies of it. */
class RunComparisonTest {

    @TempDir
    Path dir;

    @Test
    void aRunOfTheSameExperimentPairsEveryPhaseAndTheChangeIsAfterAgainstBefore() throws Exception {
        RunSummary before = summary(RecordedRuns.ciSizeJournal());
        RunSummary after = summary(RecordedRuns.ciSizeRunWithCpuTimes(0.5, dir.resolve("cheaper")));

        RunComparison comparison = RunComparison.of(before, after);

        assertThat(comparison.pairs()).hasSize(14);
        assertThat(comparison.onlyInBefore()).isEmpty();
        assertThat(comparison.onlyInAfter()).isEmpty();
        RunComparison.Pair upgrade = comparison.pairs().get(8);
        assertThat(RunComparison.clusterMeanCpu(upgrade.after()) / RunComparison.clusterMeanCpu(upgrade.before()))
                .isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
        String markdown = CompareMarkdown.render(comparison);
        List<String> rows = markdown.lines().filter(l -> l.matches("\\| \\d+ \\|.*")).toList();
        assertThat(rows).hasSize(14);
        // phase 9: 30.2/27.8/30.1 % -> half; the ratio shown with the change
        assertThat(rows.get(8)).startsWith("| 9 | rolling server upgrade").contains(", x0.50)");
        assertThat(rows.get(8)).contains("| 0 → 0 |");   // no-provider errors before and after, no change
        assertThat(markdown.lines().filter(l -> l.startsWith("| # |")).findFirst().orElseThrow().split("\\|"))
                .as("nine columns, not 23: one cell per figure").hasSize(10);
    }

    @Test
    void aKilledAfterRunListsThePhasesItNeverReached() throws Exception {
        Path killed = dir.resolve("killed.jsonl");
        List<String> lines = Files.readAllLines(RecordedRuns.ciSizeJournal());
        Files.write(killed, lines.subList(0, lines.size() / 2));

        RunComparison comparison = RunComparison.of(summary(RecordedRuns.ciSizeJournal()), summary(killed));

        assertThat(comparison.onlyInAfter()).isEmpty();
        assertThat(comparison.onlyInBefore()).isNotEmpty();
        assertThat(comparison.pairs().size() + comparison.onlyInBefore().size()).isEqualTo(14);
        assertThat(CompareMarkdown.render(comparison)).contains("Only in the before run: ");
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run));
    }
}
