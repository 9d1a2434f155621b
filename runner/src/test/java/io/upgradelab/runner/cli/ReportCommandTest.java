package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab report}, in-process, on the journal a CI-size run recorded (reports' test data). */
class ReportCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @Test
    void writesTheSummariesAndTheHtmlReportBesideTheJournalAndPrintsTheMarkdown() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(Path.of(System.getProperty("basedir", ".")).resolve("../reports/src/test/resources/journals/ci-size-run.jsonl").normalize(),
                run.resolve("journal.jsonl"));

        assertThat(cli.run("report", run.toString())).isZero();

        assertThat(cli.out()).startsWith("## nacos-1x-to-2x-ci: completed in ")
                .contains("| 9 | rolling server upgrade to 2.0.4 (3 nodes), then upgraded=true | 1.4.1 x3 -\\> 2.0.4 x3 |");
        assertThat(run.resolve("summary.json")).exists();
        assertThat(run.resolve("summary.md")).hasContent(cli.out());
        assertThat(run.resolve("report.html")).content().contains("<img src=\"data:image/svg+xml;base64,");
        assertThat(cli.err()).contains("wrote " + run.resolve("summary.json")).contains("wrote " + run.resolve("report.html"));
    }

    @Test
    void aDirectoryWithoutAJournalIsInvalidInputNamingIt() {
        assertThat(cli.run("report", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(dir.resolve("journal.jsonl").toString()).contains("no journal here");
    }
}
