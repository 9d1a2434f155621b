package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed with SIGKILL in the middle of a phase (no shutdown hook, no tear-down): every process
 * it started is gone 30 s later, and its journal is whole JSON up to the kill, without an end.
 */
@Timeout(value = 6, unit = java.util.concurrent.TimeUnit.MINUTES)
class RunKilledIT {

    @TempDir
    Path work;

    @Test
    void aRunKilledMidPhaseLeavesNoProcessAndAReadableJournal() throws Exception {
        Path experiment = work.resolve("killed.yaml");
        Files.writeString(experiment, """
                name: killed-mid-phase
                target: {version: 1.4.1, nodes: 1, serverHeap: 512m}
                fleet: {services: 10, providersPerClient: 10, rampRate: 50, heap: 256m}
                probe: {rate: 100, demoProviders: 1}
                observeEvery: 2s
                phases:
                  - {kind: rampTo, providers: 50}
                  - {kind: hold, for: 10m}
                """);
        Path runDirectory = work.resolve("run");
        Path journalFile = runDirectory.resolve("journal.jsonl");
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString())) {
            await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1)).until(() ->
                    Files.exists(journalFile) && JournalLines.read(journalFile).any("phaseStarted",
                            p -> p.path("kind").asText().equals("hold"))
                            && JournalLines.read(journalFile).samples("nodeCounts").size() >= 1);
            Thread.sleep(5000);   // a few samples into the hold

            run.process().destroyForcibly();   // SIGKILL
            run.awaitExit(Duration.ofSeconds(10));
        }

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> assertThat(Processes.using(runDirectory)).isEmpty());
        JournalLines journal = JournalLines.read(journalFile);
        assertThat(journal.ofType("runStarted")).hasSize(1);
        assertThat(journal.ofType("phaseEnded")).hasSize(1);
        assertThat(journal.samples("nodeCounts")).isNotEmpty();
        assertThat(journal.ofType("probe")).isNotEmpty();
        assertThat(journal.ofType("runEnded")).isEmpty();
    }
}
