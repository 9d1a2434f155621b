package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.files.SummaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Summaries of a real journal, recorded by a CI-size run of experiments/nacos-1x-to-2x-ci.yaml. */
class RunSummariesTest {

    @TempDir
    Path dir;

    private static Path recorded() {
        return RecordedRuns.ciSizeJournal();
    }

    @Test
    void everyPhaseOfTheRecordedRunWithItsVersionsClientsAndProviders() throws Exception {
        JournalFile journal = JournalFile.read(recorded());
        RunSummary run = RunSummaries.of(journal);

        assertThat(run.experiment()).isEqualTo("nacos-1x-to-2x-ci");
        assertThat(run.outcome()).isEqualTo("completed");
        assertThat(run.complete()).isTrue();
        assertThat(run.phases()).hasSize(14).allMatch(p -> p.outcome().equals("done"));
        PhaseSummary first = run.phases().get(0);
        assertThat(first.kind()).isEqualTo("rampTo");
        assertThat(first.providers()).isEqualTo(120);
        assertThat(first.serverVersions()).isEqualTo("1.4.1 x3");
        assertThat(first.clients()).isEqualTo("none -> 1x");
        PhaseSummary serverUpgrade = run.phases().get(8);
        assertThat(serverUpgrade.kind()).isEqualTo("rollingServerUpgrade");
        assertThat(serverUpgrade.serverVersions()).isEqualTo("1.4.1 x3 -> 2.0.4 x3");
        assertThat(run.phases().get(12).clients()).isEqualTo("1x -> 2x");
        assertThat(run.phases().get(13).serverVersions()).isEqualTo("2.0.4 x3");
    }

    @Test
    void nodeFiguresAreThePhasesOwnTalliesAndCpuP95ComesFromTheSamples() throws Exception {
        JournalFile journal = JournalFile.read(recorded());
        RunSummary run = RunSummaries.of(journal);
        for (JsonNode ended : journal.ofType("phaseEnded")) {
            PhaseSummary phase = run.phases().get(ended.path("index").asInt() - 1);
            for (int i = 0; i < phase.nodes().size(); i++) {
                JsonNode tally = ended.path("nodes").get(i);
                var node = phase.nodes().get(i);
                assertThat(node.drops()).isEqualTo(tally.path("drops").asInt());
                assertThat(node.minInstances()).isEqualTo(tally.path("minInstances").asInt());
                assertThat(node.meanCpuPercent()).isEqualTo(tally.path("meanCpuPercent").asDouble());
                assertThat(node.p95CpuPercent()).isBetween(0.0, node.maxCpuPercent() + 0.1);
            }
            assertThat(phase.stable()).isEqualTo(phase.nodes().stream().allMatch(n -> n.drops() == 0));
        }
    }

    @Test
    void theProbesOutcomesAddUpToItsOwnSummaryAndEachSecondIsCountedInOnePhaseAtMost() throws Exception {
        JournalFile journal = JournalFile.read(recorded());
        RunSummary run = RunSummaries.of(journal);
        JsonNode totals = journal.ofType("probeSummary").get(0).path("summary").path("totals");

        assertThat(run.probe().scheduled()).isEqualTo(totals.path("scheduled").asLong());
        assertThat(run.probe().noProvider()).isEqualTo(totals.path("noProvider").asLong());
        assertThat(run.probe().success()).isEqualTo(totals.path("success").asLong());
        CallCounts inPhases = run.phases().stream().map(PhaseSummary::probe)
                .reduce(CallCounts.NONE, CallCounts::plus);
        assertThat(inPhases.scheduled()).isLessThanOrEqualTo(run.probe().scheduled())
                .isGreaterThan(run.probe().scheduled() * 9 / 10);
        assertThat(inPhases.noProvider()).isEqualTo(run.probe().noProvider());
    }

    @Test
    void latencyMergedFromTheSecondsIsExactlyTheProbesOwnOverTheRun() throws Exception {
        JournalFile journal = JournalFile.read(recorded());
        RunSummary run = RunSummaries.of(journal);
        JsonNode probe = journal.ofType("probeSummary").get(0).path("summary").path("latencyMs");

        assertThat(run.latency().count()).isEqualTo(probe.path("count").asLong());
        assertThat(run.latency().p50()).isEqualTo(probe.path("p50").asDouble());
        assertThat(run.latency().p99()).isEqualTo(probe.path("p99").asDouble());
        assertThat(run.latency().max()).isEqualTo(probe.path("max").asDouble());
        for (PhaseSummary phase : run.phases()) {
            assertThat(phase.latency()).as(phase.title()).isNotNull();
            assertThat(phase.latency().count()).as(phase.title()).isPositive();
            assertThat(phase.latency().p99()).isBetween(phase.latency().p50(), phase.latency().max());
        }
    }

    @Test
    void aJournalCutMidLineByAKillIsSummarisedUpToItsLastWholeLineAndMarkedIncomplete() throws Exception {
        String text = Files.readString(recorded());
        int cut = text.indexOf("\"type\":\"phaseStarted\"", text.length() / 2);
        Path killed = Files.writeString(dir.resolve("journal.jsonl"), text.substring(0, cut + 30));

        RunSummary run = RunSummaries.of(JournalFile.read(killed.getParent()));

        assertThat(run.complete()).isFalse();
        assertThat(run.outcome()).isEqualTo("incomplete");
        assertThat(run.tornLines()).isEqualTo(1);
        assertThat(run.phases()).isNotEmpty().hasSizeLessThan(14);
        assertThat(SummaryMarkdown.render(run)).contains("**The run was killed or is still running (its journal has no runEnded line)");
    }

    @Test
    void aFileThatIsNoJournalIsRefusedByName() throws IOException {
        Path notAJournal = Files.writeString(dir.resolve("journal.jsonl"), "{\"type\":\"note\"}\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JournalFile.read(dir))
                .hasMessageContaining(notAJournal.toString()).hasMessageContaining("runStarted");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JournalFile.read(dir.resolve("nothing")))
                .hasMessageContaining("no journal here");
    }

    @Test
    void summaryFilesAreWrittenBesideEachOther() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(recorded(), run.resolve(JournalFile.NAME));
        SummaryFiles.Written written = SummaryFiles.write(run.resolve(JournalFile.NAME), null);   // the journal itself will do
        assertThat(written.json()).isEqualTo(run.resolve(SummaryFiles.JSON_NAME));
        assertThat(written.markdown()).isEqualTo(run.resolve(SummaryFiles.MARKDOWN_NAME));
        assertThat(Files.readString(written.json())).contains("\"experiment\" : \"nacos-1x-to-2x-ci\"");
        assertThat(written.markdown()).hasContent(written.markdownText());
        assertThat(written.markdownText()).startsWith("## nacos-1x-to-2x-ci: completed in ");
    }
}
