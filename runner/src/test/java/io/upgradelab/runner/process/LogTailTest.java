package io.upgradelab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following a growing log: whole lines only, each once, a rolled-over file from its start, a big growth at once. */
class LogTailTest {

    @TempDir
    Path dir;

    @Test
    void returnsEachWholeLineOnceAndKeepsAHalfLineForTheNextRead() throws IOException {
        Path log = dir.resolve("naming-server.log");
        LogTail tail = LogTail.fromStart(log);
        assertThat(tail.readNewLines()).as("no file yet").isEmpty();

        Files.writeString(log, "one\ntwo\nthr");
        assertThat(tail.readNewLines()).containsExactly("one", "two");
        Files.writeString(log, "ee\r\nfour\n", StandardOpenOption.APPEND);
        assertThat(tail.readNewLines()).containsExactly("three", "four");
        assertThat(tail.readNewLines()).isEmpty();
        assertThat(tail.lastLines()).containsExactly("one", "two", "three", "four");
    }

    @Test
    void aFileRolledOverIsReadAgainFromItsStart() throws IOException {
        Path log = dir.resolve("naming-server.log");
        Files.writeString(log, "an old line that was long\n");
        LogTail tail = LogTail.fromStart(log);
        tail.readNewLines();
        Files.writeString(log, "new\n");
        assertThat(tail.readNewLines()).containsExactly("new");
    }

    @Test
    void readsTensOfMegabytesOfLinesInOneCallQuickly() throws IOException {
        Path log = dir.resolve("naming-server.log");
        String line = "2026-11-23 20:24:24,301 INFO Client change for service Service{namespace='public', group='DEFAULT_GROUP'}";
        int count = 200_000;   // about 21 MB, several chunks
        Files.writeString(log, (line + "\n").repeat(count));
        LogTail tail = LogTail.fromStart(log);
        long began = System.nanoTime();
        List<String> lines = tail.readNewLines();
        long millis = (System.nanoTime() - began) / 1_000_000;
        assertThat(lines).hasSize(count).allMatch(line::equals);
        assertThat(millis).as("one pass over what was read, not a pass per line").isLessThan(5_000);
    }
}
