package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.PolicyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run that failed mid-way says so before any figure or criterion: what was not measured is not a result. */
class FailedRunFirstTest {

    private static final String WHY = "the fleet is still busy within 195 s: 13208 of 6000 providers";

    @TempDir
    Path dir;

    @Test
    void theReportsAndTheGateOpenWithThePhaseTheRunFailedIn() throws Exception {
        Path run = failedInPhase7();
        String expected = "The run failed in phase 7 (scale down to 120 providers): " + WHY
                + "; nothing after it was measured.";

        SummaryFiles.Written written = SummaryFiles.write(run, null);
        List<String> md = written.markdownText().lines().filter(l -> !l.isBlank()).toList();
        // after the run's facts and the gate's banner (not gated here), before any figure
        assertThat(md.get(2)).startsWith("**NOT GATED**");
        assertThat(md.get(3)).isEqualTo("**" + SummaryMarkdown.escape(expected) + "**");
        String html = Files.readString(written.html());
        assertThat(html.indexOf("id=\"failure\"")).isPositive().isGreaterThan(html.indexOf("id=\"verdict\""))
                .isLessThan(html.indexOf("id=\"phases\""));
        assertThat(html).contains(expected);

        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: probeSuccess\n    atLeastPercent: 99\n");
        Gate gate = Gate.judge(run, PolicyFile.read(policy), null, null);
        assertThat(gate.failure()).isEqualTo(expected);
        assertThat(gate.verdicts().get(0).passed()).isFalse();
        assertThat(gate.verdicts().get(0).status()).as("the recorded run's load was not measured: maybe the lab's limit")
                .isEqualTo(io.upgradelab.reports.gate.Verdict.Status.INCONCLUSIVE);
        assertThat(gate.verdicts().get(0).measured()).startsWith("the run failed in phase 7");
    }

    @Test
    void aRunThatCompletedHasNoFailureSentence() {
        RunSummary run = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeJournal()));
        assertThat(run.failure()).isEmpty();
        assertThat(SummaryMarkdown.render(run)).doesNotContain("nothing after it was measured");
    }

    /** The recorded CI-size run cut at phase 7, which fails the way the full-scale run did before the bounded shrink. */
    private Path failedInPhase7() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(RecordedRuns.ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            boolean phaseSeven = "phaseEnded".equals(node.path("type").asText()) && node.path("index").asInt() == 7;
            if (phaseSeven) {
                node.put("outcome", "failed").put("message", WHY);
            }
            lines.add(json.writeValueAsString(node));
            if (phaseSeven) {
                ObjectNode ended = json.createObjectNode();
                ended.put("type", "runEnded").put("time", node.path("time").asText())
                        .put("elapsed", node.path("elapsed").asDouble()).put("phase", -1)
                        .put("outcome", "failed").put("exitCode", 1).put("seconds", node.path("elapsed").asDouble());
                lines.add(json.writeValueAsString(ended));
                break;
            }
        }
        Files.createDirectories(dir.resolve("run"));
        return Files.write(dir.resolve("run").resolve("journal.jsonl"), lines).getParent();
    }
}
