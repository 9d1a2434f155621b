package io.upgradelab.runner.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node's served requests are the lines of its access logs, counted as they grow. */
class ServedRequestsTest {

    @TempDir
    Path logs;

    @Test
    void countsTheLinesOfEveryAccessLogAsTheyGrow() throws IOException {
        Path today = logs.resolve("access_log.2026-11-27.log");
        Files.writeString(today, "a\nb\n");
        Files.writeString(logs.resolve("naming-server.log"), "not a request\n");
        ServedRequests served = new ServedRequests(logs);
        assertThat(served.total()).isEqualTo(2);
        Files.writeString(today, "c\n", StandardOpenOption.APPEND);
        Files.writeString(logs.resolve("access_log.2026-11-28.log"), "d\ne\n");
        assertThat(served.total()).isEqualTo(5);
        assertThat(served.total()).isEqualTo(5);
    }

    @Test
    void aMissingFolderServedNothingYet() {
        assertThat(new ServedRequests(logs.resolve("not-yet")).total()).isZero();
    }
}
