package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The runs committed as evidence (docs/runs) read as they did when they were committed: their
 * summary.md byte for byte, though their journals are older than some lines reports now read, but for
 * the opening reports have added since (the run's facts, the gate's banner, the worst phase, the
 * before and after: {@link ReportOpening}), which a committed summary predates.
 */
class CommittedRunsTest {

    private static final Path RUNS = Path.of(System.getProperty("basedir", ".")).resolve("../docs/runs").normalize();

    @TempDir
    Path dir;

    static List<Path> runs() throws IOException {
        try (Stream<Path> found = Files.list(RUNS)) {
            return found.filter(d -> Files.isRegularFile(d.resolve("journal.jsonl.gz"))).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("runs")
    void summaryMarkdownIsUnchanged(Path run) throws IOException {
        Path journal = dir.resolve("journal.jsonl");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(run.resolve("journal.jsonl.gz")))) {
            Files.copy(in, journal);
        }
        String md = SummaryMarkdown.render(RunSummaries.of(JournalFile.read(journal)));
        String committed = Files.readString(run.resolve("summary.md"));
        assertThat(heading(md)).isEqualTo(heading(committed));
        assertThat(fromTheProbe(md)).isEqualTo(fromTheProbe(committed));
    }

    private static String heading(String md) {
        return md.substring(0, md.indexOf('\n'));
    }

    /** The summary from its probe line on: what every summary has said since before the opening. */
    private static String fromTheProbe(String md) {
        assertThat(md).contains("\nProbe: ");
        return md.substring(md.indexOf("\nProbe: "));
    }
}
