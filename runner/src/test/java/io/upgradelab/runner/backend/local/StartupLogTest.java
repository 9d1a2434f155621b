package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupLogTest {

    @TempDir
    Path dir;

    @Test
    void aRealFailedStartGivesFailedAndTheDeepestCause() throws IOException {
        Path log = dir.resolve("console.log");
        StartupLog startup = new StartupLog(log);
        append(log, resource("1.4.1-failed-mysql.log"));

        assertThat(startup.poll()).isEqualTo(StartupLog.Verdict.FAILED);
        assertThat(startup.cause()).hasValue("Nacos Server did not start because dumpservice bean construction failure"
                + " (root cause: java.lang.IllegalStateException: No DataSource set)");
        assertThat(startup.tail()).isNotEmpty().hasSizeLessThanOrEqualTo(40);
    }

    @Test
    void theCauseIsCompleteWhenTheFailureMarkIsReadBeforeTheRestIsWritten() throws IOException {
        Path log = dir.resolve("console.log");
        StartupLog startup = new StartupLog(log);
        String text = resource("1.4.1-failed-mysql.log");
        int mark = text.indexOf('\n', text.indexOf("Nacos failed to start")) + 1;

        append(log, text.substring(0, mark));
        assertThat(startup.poll()).isEqualTo(StartupLog.Verdict.FAILED);
        append(log, text.substring(mark));          // Spring Boot's "Application run failed" block
        startup.awaitQuiet(java.time.Duration.ofMillis(300), java.time.Duration.ofSeconds(5));

        assertThat(startup.cause()).hasValue("Nacos Server did not start because dumpservice bean construction failure"
                + " (root cause: java.lang.IllegalStateException: No DataSource set)");
    }

    @Test
    void aRaftLeaderLostDuringTheStartUpDumpIsAPassingFailure() throws IOException {
        Path log = dir.resolve("console.log");
        StartupLog startup = new StartupLog(log);
        append(log, resource("2.0.4-failed-raft-leader-lost.log"));   // the cause as CI printed it, 2026-11-24

        assertThat(startup.poll()).isEqualTo(StartupLog.Verdict.FAILED);
        assertThat(startup.cause()).hasValueSatisfying(cause -> assertThat(cause)
                .startsWith("Nacos Server did not start because dumpservice bean construction failure")
                .endsWith("The Raft Group [nacos_config] did not find the Leader node)"));
        assertThat(startup.passingFailure()).isTrue();
    }

    @Test
    void otherFailuresAndAStartInProgressAreNotPassing() throws IOException {
        Path log = dir.resolve("console.log");
        StartupLog startup = new StartupLog(log);
        assertThat(startup.passingFailure()).isFalse();

        append(log, resource("1.4.1-failed-mysql.log"));
        assertThat(startup.poll()).isEqualTo(StartupLog.Verdict.FAILED);
        assertThat(startup.passingFailure()).isFalse();
    }

    @Test
    void aRealSuccessfulStartIsSeenEvenWhenWrittenInPieces() throws IOException {
        Path log = dir.resolve("console.log");
        StartupLog startup = new StartupLog(log);
        String text = resource("1.4.1-cluster-started.log");
        int cut = text.indexOf("Nacos started successfully") + 10;   // a write that ends mid-line

        append(log, text.substring(0, cut));
        assertThat(startup.poll()).isEqualTo(StartupLog.Verdict.STARTING);
        append(log, text.substring(cut));
        assertThat(startup.poll()).isEqualTo(StartupLog.Verdict.STARTED);
        assertThat(startup.cause()).isEmpty();
    }

    @Test
    void anEarlierStartInTheSameLogIsNotReadAgain() throws IOException {
        Path log = dir.resolve("console.log");
        append(log, resource("1.4.1-failed-mysql.log"));   // the previous version's failed start

        StartupLog restart = new StartupLog(log);
        assertThat(restart.poll()).isEqualTo(StartupLog.Verdict.STARTING);
        append(log, resource("1.4.1-cluster-started.log"));
        assertThat(restart.poll()).isEqualTo(StartupLog.Verdict.STARTED);
    }

    @Test
    void aMissingLogIsStillStarting() {
        assertThat(new StartupLog(dir.resolve("absent.log")).poll()).isEqualTo(StartupLog.Verdict.STARTING);
    }

    private static void append(Path log, String text) throws IOException {
        Files.writeString(log, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = StartupLogTest.class.getResourceAsStream("/startup-logs/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
