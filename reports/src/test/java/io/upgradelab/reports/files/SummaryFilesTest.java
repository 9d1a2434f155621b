package io.upgradelab.reports.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.reports.RecordedRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal that cannot be reported whole is named by its line, and leaves no file behind. */
class SummaryFilesTest {

    @TempDir
    Path dir;

    @Test
    void aCorruptLatencyHistogramIsNamedByItsLineAndNothingIsWritten() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(RecordedRuns.ciSizeJournal()));
        int probe = -1;
        for (int i = 0; i < lines.size() && probe < 0; i++) {
            if (lines.get(i).startsWith("{\"type\":\"probe\"") && lines.get(i).contains("\"latencyHistogram\":\"HIST")) {
                probe = i;
            }
        }
        assertThat(probe).as("a probe line with a histogram").isPositive();
        lines.set(probe, lines.get(probe).replace("\"latencyHistogram\":\"HIST", "\"latencyHistogram\":\"XIST"));
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.write(run.resolve("journal.jsonl"), lines);
        Path out = dir.resolve("out");

        int line = probe + 1;
        assertThatThrownBy(() -> SummaryFiles.write(run, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(run.resolve("journal.jsonl") + ":" + line + ": probe second")
                .hasMessageContaining("latencyHistogram does not decode");
        assertThat(out).doesNotExist();
    }
}
