package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.html.RunTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failure signs and missing providers, in every report of a run: by phase, node, client and time. */
class FindingsReportTest {

    @TempDir
    Path dir;

    @Test
    void failureSignsAndMissingProvidersAreListedApartFromTheOtherWarnings() throws Exception {
        Path run = RecordedRuns.ciSizeRunWithSigns(dir.resolve("run"), List.of("invalidRedirect", "upgradedAlone"), null);
        RunSummary summary = RunSummaries.of(JournalFile.read(run));
        RunSummary.PhaseSummary upgrade = summary.phases().get(8);

        assertThat(upgrade.warnings()).as("failure signs apart").noneMatch(w -> w.kind().equals("failureSign"));
        assertThat(upgrade.failureSigns()).singleElement().satisfies(w -> {
            assertThat(w.node()).isEqualTo(2);
            assertThat(w.line()).isEqualTo(RecordedRuns.REDIRECT);
            assertThat(w.repeats()).isEqualTo(3);
        });
        assertThat(upgrade.missing()).singleElement().satisfies(m -> assertThat(m.clients().get(0).client()).isEqualTo(3));
        assertThat(summary.signsWatched().signs()).containsExactly("invalidRedirect", "upgradedAlone");

        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"));
        String md = written.markdownText();
        assertThat(md).contains("(failure signs: invalidRedirect on node 2)",
                "### Failure signs and missing providers",
                "- Failure signs watched: invalidRedirect, upgradedAlone; 1 seen:",
                "- phase 9: failure sign invalidRedirect (alibaba/nacos \\#12070) on node 2: " + RecordedRuns.REDIRECT
                        + " (and 3 more since the last)",
                "- phase 9: node 2 misses 20 registered providers (102 listed, 122 expected): client 3 (port 30003) 20"
                        + " since 2026-11-22T04:45:01Z");
        String json = Files.readString(written.json());
        assertThat(json).contains("\"failureSigns\"", "\"missing\"", "\"signsWatched\"", "\"since\" : \"2026-11-22T04:45:01Z\"")
                .doesNotContain("\"counts\"");
        String html = Files.readString(written.html());
        assertThat(html).contains("warning: failure sign invalidRedirect (alibaba/nacos #12070) on node 2",
                "node 2 misses 20 registered providers", "id=\"findings\"");
        assertThat(RunTimeline.of(JournalFile.read(run)).events()).extracting(RunTimeline.Event::what)
                .anyMatch(e -> e.startsWith("node 2 misses 20 registered providers"));
    }
}
