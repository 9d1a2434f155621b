package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.backend.local.LoopbackFirewall;
import io.upgradelab.runner.testing.Iptables;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped in the middle of a phase, through the real launcher, on a standalone 1.4.1 node with
 * a small fleet, a demo provider and the probe; the phase is a long network fault (1 % loss to the
 * node, iptables rules in the runner's own chain). Killed with SIGKILL (no shutdown hook, no
 * tear-down): every process it started and its firewall chain are gone 30 s later, and its journal is
 * whole JSON up to the kill, without an end. Stopped with Ctrl-C: exit 130, every process stopped,
 * the chain removed, the journal ends "interrupted".
 */
@Timeout(value = 6, unit = java.util.concurrent.TimeUnit.MINUTES)
class RunStoppedIT {

    private static final String EXPERIMENT = """
            name: stopped-mid-phase
            target: {version: 1.4.1, nodes: 1, serverHeap: 512m}
            fleet: {services: 10, providersPerClient: 10, rampRate: 50, heap: 256m}
            probe: {rate: 100, demoProviders: 1}
            observeEvery: 2s
            phases:
              - {kind: rampTo, providers: 50}
              - {kind: fault, fault: loss, node: 1, percent: 1, for: 10m}
            """;

    @TempDir
    Path work;

    @Test
    void aRunKilledMidPhaseLeavesNoProcessAndAReadableJournal() throws Exception {
        Path runDirectory = work.resolve("run");
        String chain;
        try (Launcher run = startAndAwaitTheHold(runDirectory)) {
            chain = LoopbackFirewall.CHAIN_PREFIX + run.pid();
            assertThat(Iptables.linesNaming(chain)).as("the loss fault's rules").isNotEmpty();
            run.process().destroyForcibly();   // SIGKILL
            run.awaitExit(Duration.ofSeconds(10));
        }

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> assertThat(Processes.using(runDirectory)).isEmpty());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(Iptables.linesNaming(chain)).as("the chain, after SIGKILL").isEmpty());
        JournalLines journal = JournalLines.read(runDirectory.resolve("journal.jsonl"));
        assertThat(journal.ofType("runStarted")).hasSize(1);
        assertThat(journal.ofType("phaseEnded")).hasSize(1);
        assertThat(journal.samples("nodeCounts")).isNotEmpty();
        assertThat(journal.ofType("probe")).isNotEmpty();
        assertThat(journal.ofType("runEnded")).isEmpty();
    }

    @Test
    void ctrlCStopsTheRunCleanlyAndExits130() throws Exception {
        Path runDirectory = work.resolve("run");
        String chain;
        try (Launcher run = startAndAwaitTheHold(runDirectory)) {
            chain = LoopbackFirewall.CHAIN_PREFIX + run.pid();
            new ProcessBuilder("kill", "-INT", Long.toString(run.pid())).start().waitFor();

            assertThat(run.awaitExit(Duration.ofMinutes(2))).as(run.toString()).isEqualTo(130);
        }
        assertThat(Processes.using(runDirectory)).isEmpty();
        assertThat(Iptables.linesNaming(chain)).as("the chain, after Ctrl-C").isEmpty();
        JournalLines journal = JournalLines.read(runDirectory.resolve("journal.jsonl"));
        assertThat(journal.ofType("phaseEnded")).last()
                .satisfies(p -> assertThat(p.path("outcome").asText()).isEqualTo("interrupted"));
        assertThat(journal.ofType("probeSummary")).singleElement()
                .satisfies(p -> assertThat(p.path("summary").path("balanced").asBoolean()).isTrue());
        assertThat(journal.ofType("runEnded")).singleElement().satisfies(r -> {
            assertThat(r.path("outcome").asText()).isEqualTo("interrupted");
            assertThat(r.path("exitCode").asInt()).isEqualTo(130);
        });
    }

    /** Starts the run and returns two node samples into its 10-minute fault. */
    private Launcher startAndAwaitTheHold(Path runDirectory) throws IOException {
        Path experiment = work.resolve("stopped.yaml");
        Files.writeString(experiment, EXPERIMENT);
        Path journalFile = runDirectory.resolve("journal.jsonl");
        Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString());
        run.awaitUntil("two nodeCounts samples in phase 2", Duration.ofMinutes(4),
                () -> Files.exists(journalFile) && JournalLines.read(journalFile).samples("nodeCounts").stream()
                        .filter(s -> s.path("phase").asInt() == 2).count() >= 2);
        return run;
    }
}
