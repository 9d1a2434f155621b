package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code upgrade-lab cluster up} as a separate process through the real launcher script: nothing
 * survives it however it ends, and a node that cannot start is reported in one line.
 */
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class LauncherIT {

    private static final Duration BOOT = Duration.ofMinutes(3);

    @TempDir
    Path runDirectory;

    @Test
    void noNacosProcessSurvivesTheRunnerBeingKilledWithSigkill() throws Exception {
        try (Launcher runner = startStandalone()) {
            long nodePid = nodePidFromStatusTable(runner);
            assertThat(ProcessHandle.of(nodePid).map(ProcessHandle::isAlive)).hasValue(true);

            runner.process().destroyForcibly();   // SIGKILL: no shutdown hook runs
            runner.awaitExit(Duration.ofSeconds(10));

            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(ProcessHandle.of(nodePid).filter(ProcessHandle::isAlive)).isEmpty());
            assertThat(Processes.using(runDirectory)).isEmpty();
        }
    }

    @Test
    void ctrlCStopsEveryNodeAndExits130() throws Exception {
        try (Launcher runner = startStandalone()) {
            long nodePid = nodePidFromStatusTable(runner);

            new ProcessBuilder("kill", "-INT", Long.toString(runner.pid())).start().waitFor();

            assertThat(runner.awaitExit(Duration.ofSeconds(120))).isEqualTo(130);
            assertThat(ProcessHandle.of(nodePid).filter(ProcessHandle::isAlive)).isEmpty();
            assertThat(runner.err()).anyMatch(line -> line.contains("all nodes stopped"));
        }
    }

    @Test
    void aNodeThatFailsToStartIsOneLineWithItsLogAndExitOne() throws Exception {
        int port = LocalClusterSpec.firstFreePort(1, 20000);
        try (Launcher runner = Launcher.start("cluster", "up", "--server-version", "1.4.1", "--nodes", "1",
                "--port", "" + port, "--dir", runDirectory.toString(),
                // a database that is not there (nothing listens on port 1): Nacos fails and stays alive
                "--property", "spring.datasource.platform=mysql", "--property", "db.num=1",
                "--property", "db.url.0=jdbc:mysql://127.0.0.1:1/nacos",
                "--property", "db.user=lab", "--property", "db.password=lab")) {

            assertThat(runner.awaitExit(BOOT.multipliedBy(2))).isEqualTo(1);
            List<String> err = runner.err().stream().filter(l -> l.startsWith("upgrade-lab:")).toList();
            assertThat(err).singleElement().asString()
                    .startsWith("upgrade-lab: node 1 (127.0.0.1:" + port + ", 1.4.1) failed to start: ")
                    .contains("Nacos Server did not start because dumpservice bean construction failure");
            assertThat(runner.err()).contains("  log: " + runDirectory.resolve("node-1/console.log"));
            assertThat(Processes.using(runDirectory)).isEmpty();
        }
    }

    private Launcher startStandalone() throws IOException {
        return Launcher.start("cluster", "up", "--server-version", "1.4.1", "--nodes", "1",
                "--port", "" + LocalClusterSpec.firstFreePort(1, 20000), "--dir", runDirectory.toString());
    }

    /** The PID column of node 1 in the status table that {@code cluster up} prints once ready. */
    private static long nodePidFromStatusTable(Launcher runner) {
        String row = runner.awaitOutLine(line -> line.matches("1\\s+127\\.0\\.0\\.1:\\d+\\s+1\\.4\\.1\\s+\\d+\\s+UP.*"), BOOT);
        return Long.parseLong(row.trim().split("\\s+")[3]);
    }
}
