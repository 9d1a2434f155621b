package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlFileTest {

    @TempDir
    Path dir;

    @Test
    void readsBackWhatItWroteWhoAnsweredIncluded() throws Exception {
        Path file = dir.resolve("results.jtl");
        JtlFile.Sample answered = new JtlFile.Sample(1_700_000_000_000L, 12, "phase 3: hold", "success", true, "OK",
                "probe", 60, 2, "127.0.0.1:20881");
        JtlFile.Sample failed = new JtlFile.Sample(1_700_000_000_010L, 3000, "phase 3: hold", "network", false,
                "RemotingException: message can not send, because channel is closed, \"quoted\"", "probe", 0, 1);
        try (JtlFile jtl = new JtlFile(file)) {
            jtl.write(answered);
            jtl.write(failed);
        }

        assertThat(JtlFile.read(file)).containsExactly(answered, failed);
        assertThat(failed.url()).isEmpty();
        assertThat(failed.endMillis()).isEqualTo(1_700_000_003_010L);
    }

    @Test
    void aRowStillBeingWrittenIsLeftOut() throws Exception {
        Path file = dir.resolve("results.jtl");
        try (JtlFile jtl = new JtlFile(file)) {
            jtl.write(new JtlFile.Sample(1, 2, "l", "success", true, "OK", "probe", 5, 1, "127.0.0.1:20880"));
        }
        Files.writeString(file, "3,4,l,success", StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        List<JtlFile.Sample> read = JtlFile.read(file);

        assertThat(read).hasSize(1);
        assertThat(read.get(0).url()).isEqualTo("127.0.0.1:20880");
    }
}
