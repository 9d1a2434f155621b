package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.OverCount;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Verdict.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node listing more providers than were registered is a finding, not a stable node: the report flags
 * it per phase, flapping counts it, and instanceLossAtEnd fails on it. The committed 2.0.4 -> 2.3.2
 * evidence, where every node lists 404 instances for 202 registered from the last node's restart on,
 * says so now.
 */
class OverCountTest {

    @TempDir
    Path dir;

    /** Node 2 of the CI-size run lists every provider twice in its last phase (282 registered there). */
    private Path doubled() throws Exception {
        return RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithExpected(dir.resolve("doubled"), 14, -282));
    }

    @Test
    void aNodeListingMoreThanRegisteredIsFlaggedInTheReportAndItsPhaseIsNotStable() throws Exception {
        Path run = doubled();
        RunSummary summary = RunSummaries.of(JournalFile.read(run));

        PhaseSummary last = summary.phases().get(13);
        assertThat(last.stable()).isFalse();
        assertThat(last.overCounts()).singleElement().satisfies(f -> {
            assertThat(f.node()).isEqualTo(2);
            assertThat(f.maxListed()).isEqualTo(564);
            assertThat(f.registered()).isEqualTo(282);
        });
        assertThat(summary.phases().subList(0, 13)).allSatisfy(p -> assertThat(p.overCounts()).isEmpty());

        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"));
        assertThat(written.markdownText()).contains("\n### Over-counted providers\n\n- phase 14: node 2 listed ")
                .contains(" 564 of 282 registered");
        assertThat(Files.readString(written.html())).contains("Over-counted providers", "phase 14: node 2 listed ");
        JsonNode json = new ObjectMapper().readTree(written.json().toFile()).path("phases").get(13);
        assertThat(json.path("overCounts").get(0).path("maxListed").asInt()).isEqualTo(564);
        assertThat(json.path("stable").asBoolean(true)).isFalse();
    }

    @Test
    void flappingCountsAnOverCountBeyondItsToleranceAndInstanceLossAtEndFailsOnIt() throws Exception {
        RunSummary summary = RunSummaries.of(JournalFile.read(doubled()));

        Verdict flapping = new Flapping(0, List.of("14")).judge(summary);
        Verdict loss = new InstanceLossAtEnd(0).judge(summary);

        assertThat(flapping.status()).isEqualTo(Status.FAIL);
        assertThat(flapping.measured()).startsWith("1 flapping events (at most 0; exact; n 3 instance-count samples):"
                + " tolerating 0 instances; 1 of them over the registered count: phase 14: node 2 listed ");
        assertThat(new Flapping(0, List.of("14"), 300, null).judge(summary).status()).as("282 over, 300 tolerated")
                .isEqualTo(Status.PASS);
        assertThat(loss.status()).isEqualTo(Status.FAIL);
        assertThat(loss.measured()).isEqualTo("0 lost (at most 0; exact; n 282 registered instances): 282 registered, nodes list [282, 564, 282]; more than registered"
                + " (node 2 lists 564): an over-count, behind which a loss would not show");
    }

    /** Ramps, the shrink and the client batches of the recorded run list more than the fleet's count a moment: none is one. */
    @Test
    void aNodeAheadOfABusyFleetIsNoOverCount() throws Exception {
        RunSummary summary = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeRunWithExpected(dir.resolve("run"), 0, 0)));

        assertThat(summary.phases()).allSatisfy(p -> assertThat(p.overCounts()).as("phase " + p.index()).isEmpty());
        assertThat(summary.phases()).allSatisfy(p -> assertThat(p.counts()).isNotEmpty());
        // ... though in the first sample of ramp 11 the nodes list more than the fleet had counted when asked
        assertThat(summary.phases().get(10).counts().get(0).nodes()).anySatisfy(n -> assertThat(n.instances())
                .isGreaterThan(summary.phases().get(9).providers() + 2));
    }

    @Test
    void theCommitted2dot0To2dot3EvidenceIsOverCountedFromTheLastRestartOnAndItsGateSaysSo() throws Exception {
        Path run = RecordedRuns.committedRun("server-paths/2.0-to-2.3", dir.resolve("run"));
        RunSummary summary = RunSummaries.of(JournalFile.read(run));

        assertThat(summary.phases().get(3).overCounts()).extracting(OverCount.Finding::describe).containsExactly(
                "node 1 listed up to 404 of 202 registered for 25 s (6 samples from 196 s)",
                "node 2 listed up to 404 of 202 registered for 25 s (6 samples from 196 s)",
                "node 3 listed up to 404 of 202 registered for 25 s (6 samples from 196 s)");
        assertThat(summary.phases().get(3).stable()).isFalse();
        Policy policy = PolicyFile.read(Path.of(System.getProperty("basedir", "."))
                .resolve("../experiments/nacos-2.0-to-2.3.policy.yaml").normalize());
        List<Verdict> verdicts = policy.judge(summary, null);
        assertThat(verdicts).filteredOn(v -> v.criterion().startsWith("flapping")).singleElement()
                .satisfies(v -> assertThat(v.status()).isEqualTo(Status.FAIL));
        assertThat(verdicts).filteredOn(v -> v.criterion().startsWith("instances lost")).singleElement()
                .satisfies(v -> assertThat(v.measured()).contains("node 1 lists 404, node 2 lists 404, node 3 lists 404"));
    }
}
