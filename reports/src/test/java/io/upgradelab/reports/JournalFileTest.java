package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.journal.PhaseStarted;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal is read with its format checked, and a typed line that does not read is named by file and line. */
class JournalFileTest {

    private static final String STARTED = "{\"type\":\"runStarted\",\"time\":\"2026-11-24T00:00:00Z\",\"elapsed\":0,"
            + "\"phase\":0,\"experiment\":\"e\",\"scale\":1.0";

    @TempDir
    Path dir;

    @Test
    void aNewerFormatIsRefusedRatherThanMisread() throws Exception {
        Files.writeString(dir.resolve("journal.jsonl"), STARTED + ",\"format\":99}\n");
        assertThatThrownBy(() -> JournalFile.read(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("journal format 99 is newer");
    }

    @Test
    void aTypedLineThatDoesNotReadIsNamedByFileAndLine() throws Exception {
        Files.writeString(dir.resolve("journal.jsonl"), STARTED + "}\n\n"
                + "{\"type\":\"phaseStarted\",\"time\":\"2026-11-24T00:00:01Z\",\"elapsed\":1,\"phase\":1,\"index\":1,"
                + "\"kind\":\"hold\",\"title\":\"hold 1m\",\"expectedSeconds\":60}\n"
                + "{\"type\":\"phaseStarted\",\"time\":\"2026-11-24T00:01:01Z\",\"elapsed\":61,\"phase\":2,"
                + "\"index\":\"second\",\"kind\":\"hold\",\"title\":\"hold 1m\",\"expectedSeconds\":60}\n");
        JournalFile journal = JournalFile.read(dir);
        assertThat(journal.lineNumbers()).containsExactly(1, 3, 4);
        assertThatThrownBy(() -> journal.lines(PhaseStarted.class))
                .hasMessageStartingWith(dir.resolve("journal.jsonl") + ":4: a phaseStarted line does not read");
    }

    private static final String ENDED = "{\"type\":\"runEnded\",\"time\":\"2026-11-24T00:02:00Z\",\"elapsed\":120,"
            + "\"phase\":-1,\"outcome\":\"completed\",\"exitCode\":0,\"seconds\":120}";

    @Test
    void onlyTheLastLineMayBeTornAnythingElseIsNamed() throws Exception {
        Files.writeString(dir.resolve("journal.jsonl"), STARTED + "}\n" + ENDED.substring(0, 40) + "\n");
        assertThat(JournalFile.read(dir).tornLines()).isEqualTo(1);
        Files.writeString(dir.resolve("journal.jsonl"), STARTED + "}\nnot json at all\u001b[31m\n" + ENDED + "\n");
        assertThatThrownBy(() -> JournalFile.read(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(dir.resolve("journal.jsonl") + ":2: not a journal line")
                .hasMessageNotContaining("\u001b");
    }

    @Test
    void anAmbiguousJournalIsRefused() throws Exception {
        Files.writeString(dir.resolve("journal.jsonl"), STARTED + "}\n" + ENDED + "\n" + ENDED + "\n");
        assertThatThrownBy(() -> JournalFile.read(dir)).hasMessageContaining(":3: a second runEnded line (the first is line 2)");
        Files.writeString(dir.resolve("journal.jsonl"), STARTED.replace("\"elapsed\":0", "\"elapsed\":500") + "}\n"
                + ENDED + "\n");
        assertThatThrownBy(() -> JournalFile.read(dir)).hasMessageContaining(":2: elapsed goes back from 500.0 s to 120.0 s");
    }
}
