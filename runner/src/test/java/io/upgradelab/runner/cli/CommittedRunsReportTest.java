package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The journals committed under docs/runs, recorded when clients came in two generations (their
 * fleet samples keyed "1x" and "2x"), still report as they did: the same summary.md, byte for byte,
 * client column included ("1x -> 1x+2x -> 2x"), after the opening that reports have added since (the
 * run's facts, the gate's banner, the worst phase, the before and after), which they predate.
 */
class CommittedRunsReportTest {

    private static final Path RUNS = Path.of(System.getProperty("basedir", ".")).resolve("../docs/runs").normalize();

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @ParameterizedTest
    @ValueSource(strings = {"calibration/1.4.1-1x", "reference-scale-1", "reference-scale-1-attempt-1"})
    void aCommittedJournalReportsItsCommittedSummaryByteForByte(String run) throws IOException {
        Path copy = Files.createDirectories(dir.resolve(run));
        try (InputStream journal = new GZIPInputStream(Files.newInputStream(RUNS.resolve(run).resolve("journal.jsonl.gz")))) {
            Files.copy(journal, copy.resolve("journal.jsonl"));
        }

        assertThat(cli.run("report", copy.toString())).as(cli.err()).isZero();

        String written = Files.readString(copy.resolve("summary.md"));
        String committed = Files.readString(RUNS.resolve(run).resolve("summary.md"));
        assertThat(heading(written)).isEqualTo(heading(committed));
        assertThat(written).contains("\n**NOT GATED**: no policy given");
        assertThat(fromTheProbe(written)).isEqualTo(fromTheProbe(committed));
        assertThat(written).contains("| 1x |").contains("2x");
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
