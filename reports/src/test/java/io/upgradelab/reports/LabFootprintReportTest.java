package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.journal.LabFootprint;
import io.upgradelab.journal.LabFootprint.EndpointRequests;
import io.upgradelab.journal.LabFootprint.NodeLoad;
import io.upgradelab.journal.LabFootprint.ObserverCost;
import io.upgradelab.journal.LabFootprint.ProcessCpu;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.gate.Policy;
import io.upgradelab.reports.gate.ProbeSuccess;
import io.upgradelab.reports.gate.Verdict;
import io.upgradelab.reports.gate.Verdict.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's footprint in a report: read from the phase's labFootprint line, shown beside the nodes'
 * load, and a phase whose observation fell behind or whose fleet step ran slow flagged as load, so the
 * gate says INCONCLUSIVE of it rather than FAIL (on the recorded CI-size run, its load made valid).
 */
class LabFootprintReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aPhaseWithItsFootprintShowsTheLabsRequestsShareLogsAndCpu() throws IOException {
        RunSummary run = summary(withFootprint(valid(), 1, 3.2));
        LabFootprintFigures f = run.phases().get(0).footprint();
        assertThat(f.rounds()).isEqualTo(4);
        assertThat(f.labRequestsPerSecond()).isEqualTo(3.0);   // 60 requests over 20 s
        assertThat(f.maxSharePercent()).isEqualTo(6.0);        // 30 of 500 on node 1
        assertThat(f.labCpu()).containsEntry("runner", 4.2).containsEntry("fleet", 11.0);
        assertThat(f.expensive()).containsExactly("configs 2/4 rounds, 1.5 s mean");
        assertThat(f.problems()).isEmpty();
        assertThat(run.phases().get(0).load().valid()).isTrue();
        assertThat(run.phases().get(1).footprint()).as("a phase without a footprint line (older journals)").isNull();

        String markdown = SummaryMarkdown.render(run);
        assertThat(markdown).contains("### The lab's footprint")
                .contains("| 1 | ramp to 120 providers | ")
                .contains("| 3 | 6% | 2 | fleet 11, runner 4.2 | 4, 3.2/9 of 5 | configs 2/4 rounds, 1.5 s mean | - |");
    }

    @Test
    void roundsBehindTheirPeriodFlagThePhaseAndTheGateSaysInconclusiveNotFail() throws IOException {
        RunSummary run = summary(withFootprint(valid(), 1, 7.5));
        PhaseSummary ramp = run.phases().get(0);
        assertThat(ramp.load().valid()).isFalse();
        assertThat(ramp.load().describe())
                .isEqualTo("the lab's observation rounds took 7.5 s on average, over their 5 s period");

        Verdict verdict = new ProbeSuccess(100.1, List.of("1")).judge(run);   // would fail on any figure
        assertThat(verdict.status()).as(verdict.measured()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(verdict.measured()).contains("phase 1: load flagged: the lab's observation rounds took 7.5 s");
    }

    @Test
    void aSlowFleetStepFlagsItsPhaseAndTheRunIsJudgedInconclusive() throws IOException {
        Path run = RecordedRuns.edited(valid(), line -> true, line -> {
            if ("fleetScaled".equals(line.path("type").asText()) && line.path("phase").asInt() == 1) {
                line.put("seconds", 212.4).put("expectedSeconds", 35.0).put("slow", true);
            }
        });
        withFootprint(run, 1, 2.0);
        RunSummary summary = summary(run);
        assertThat(summary.phases().get(0).load().describe())
                .isEqualTo("the lab was slow: the fleet's change to 120 providers took 212 s against 35 s planned");

        List<Verdict> verdicts = new Policy("p", List.of(new ProbeSuccess(100.1, List.of("1", "2"))))
                .judge(summary, null);
        assertThat(verdicts.get(0).status()).as("the run completed").isEqualTo(Status.PASS);
        assertThat(verdicts.get(1).status()).as(verdicts.get(1).measured()).isEqualTo(Status.FAIL);
        assertThat(verdicts.get(1).measured()).as("phase 2 failed on its own; phase 1 is not judged")
                .contains("not judged: phase 1: load flagged: the lab was slow");
        assertThat(new ProbeSuccess(100.1, List.of("1")).judge(summary).status()).isEqualTo(Status.INCONCLUSIVE);
    }

    private Path valid() throws IOException {
        return RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
    }

    /** {@code run} with a labFootprint line before phase {@code phase}'s phaseEnded, its rounds {@code roundMean} s. */
    private static Path withFootprint(Path run, int phase, double roundMean) throws IOException {
        LabFootprint footprint = new LabFootprint(20, 5, "full", 4, roundMean, 9.0,
                List.of(new ObserverCost("nodeCounts", false, 4, 0, 30, 41),
                        new ObserverCost("configs", true, 2, 2, 1500, 1800)),
                List.of(new EndpointRequests(1, "v1/cs/configs", 30), new EndpointRequests(2, "v1/cs/configs", 30)),
                List.of(new NodeLoad(1, 30, 500L, 1048576), new NodeLoad(2, 30, 600L, 1048576),
                        new NodeLoad(3, 0, null, 0)),
                List.of(new ProcessCpu("runner", 4.2), new ProcessCpu("fleet", 11.0)));
        Path journal = run.resolve("journal.jsonl");
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            ObjectNode node = (ObjectNode) JSON.readTree(line);
            if ("phaseEnded".equals(node.path("type").asText()) && node.path("index").asInt() == phase) {
                ObjectNode added = JSON.valueToTree(footprint);
                ObjectNode at = JSON.createObjectNode().put("type", "labFootprint").put("time", node.path("time").asText())
                        .put("elapsed", node.path("elapsed").asDouble()).put("phase", phase);
                at.setAll(added);
                lines.add(JSON.writeValueAsString(at));
            }
            lines.add(line);
        }
        Files.write(journal, lines);
        return run;
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run));
    }
}
