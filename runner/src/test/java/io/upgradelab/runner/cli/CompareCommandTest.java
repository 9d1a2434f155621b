package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab compare}, in-process, on the journal a CI-size run recorded (reports' test data). */
class CompareCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @Test
    void printsEveryPhaseBeforeAfterAndChangeAndWritesItUnderOut() throws Exception {
        Path before = recorded("before");
        Path after = Files.createDirectories(dir.resolve("after"));
        List<String> lines = Files.readAllLines(before.resolve("journal.jsonl"));
        Files.write(after.resolve("journal.jsonl"), lines.subList(0, lines.size() / 2));   // killed half way

        assertThat(cli.run("compare", before.toString(), after.toString(), "--out", dir.resolve("cmp").toString()))
                .isZero();

        assertThat(cli.out()).startsWith("## Before: nacos-1x-to-2x-ci, completed in ")
                .contains("## After: nacos-1x-to-2x-ci, incomplete in ")
                .contains("| 1 | ramp to 120 providers | 4 | 4 | 0 |")
                .contains("Only in the before run: ");
        assertThat(dir.resolve("cmp/compare.md")).hasContent(cli.out());
    }

    @Test
    void aRunDirectoryWithoutAJournalIsInvalidInputNamingIt() throws Exception {
        assertThat(cli.run("compare", recorded("before").toString(), dir.resolve("nothing").toString())).isEqualTo(2);
        assertThat(cli.err()).contains(dir.resolve("nothing").toString()).contains("no journal here");
    }

    private Path recorded(String name) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.copy(Path.of(System.getProperty("basedir", ".")).resolve("../reports/src/test/resources/journals/ci-size-run.jsonl")
                .normalize(), run.resolve("journal.jsonl"));
        return run;
    }
}
