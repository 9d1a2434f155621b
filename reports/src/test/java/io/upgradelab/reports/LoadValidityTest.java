package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Policy;
import io.upgradelab.reports.gate.PolicyFile;
import io.upgradelab.reports.gate.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadValidityTest {

    @TempDir
    Path dir;

    @Test
    void eachBottleneckIsNamedWithItsFigure() {
        assertThat(LoadValidity.judge(49.0, 10.0, 3.0, 40.0, 1.0).problems())
                .containsExactly("1.x clients delivered 49% of their nominal beats");
        assertThat(LoadValidity.judge(50.0, 95.0, 150.0, 2.5, 12.0).problems()).containsExactly(
                "the fleet used 95% of a core", "the probe started calls up to 150 ms late (p99)",
                "the machine had 2.5% idle CPU", "the hypervisor took 12% of the CPU (steal)");
        assertThat(LoadValidity.judge(null, 10.0, 3.0, 40.0, 1.0).valid()).as("no 1.x provider: beats not judged").isTrue();
    }

    @Test
    void aFigureNeverSampledIsNotMeasuredAndNeverValid() {
        LoadValidity noMachine = LoadValidity.judge(90.0, 10.0, 3.0, null, null);
        assertThat(noMachine.valid()).isFalse();
        assertThat(noMachine.describe()).isEqualTo("not measured (no machine sample)");
    }

    @Test
    void aRecordedPhaseWhoseClientsDeliveredUnderHalfTheirBeatsIsFlaggedInTheSummaryTheTableAndTheCharts()
            throws Exception {
        // phase 9 of the CI-size run, the rolling server upgrade, has 52 fleet samples of a steady 1.x fleet
        Path run = RecordedRuns.ciSizeRunWithLoad(9, 0.3, dir.resolve("run"));

        RunSummary summary = RunSummaries.of(JournalFile.read(run));

        PhaseSummary starved = summary.phases().get(8);
        assertThat(starved.load().beatsDeliveredPercent()).isEqualTo(30.0);
        assertThat(starved.load().valid()).isFalse();
        assertThat(starved.load().problems()).containsExactly("1.x clients delivered 30% of their nominal beats");
        assertThat(summary.phases().get(13).load().valid()).as("the last hold: 2.x clients, machine idle").isTrue();

        SummaryFiles.Written written = SummaryFiles.write(run, null);
        JsonNode json = new ObjectMapper().readTree(written.json().toFile()).path("phases").get(8).path("load");
        assertThat(json.path("valid").asBoolean(true)).isFalse();
        assertThat(json.path("beatsDeliveredPercent").asDouble()).isEqualTo(30.0);
        assertThat(written.markdownText()).contains("flagged: 1.x clients delivered 30% of their nominal beats");
        String html = Files.readString(written.html());
        assertThat(html).contains("flagged: 1.x clients delivered 30% of their nominal beats");
        assertThat(chartSvgs(html)).allSatisfy(svg -> assertThat(svg).contains(">9!<").doesNotContain(">14!<"));
    }

    @Test
    void theLoadValidCriterionIsInconclusiveOnAFlaggedPhaseAndARunWithoutMachineSamplesNeverFailed() throws Exception {
        Path policyFile = Files.writeString(dir.resolve("p.yaml"), "name: load\ncriteria:\n  - kind: loadValid\n    phases: [9, 14]\n");
        Policy policy = PolicyFile.read(policyFile);
        RunSummary starved = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeRunWithLoad(9, 0.3, dir.resolve("a"))));
        RunSummary healthy = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeRunWithLoad(9, 1.0, dir.resolve("b"))));
        RunSummary unsampled = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeJournal()));

        Verdict flagged = policy.judge(starved, null).get(1);
        assertThat(flagged.status()).as("the lab's limit, not Nacos's failure").isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(flagged.measured()).isEqualTo("1 phases flagged (none allowed; exact; n 2 phases): phase 9: 1.x clients delivered 30% of their nominal beats");
        assertThat(policy.judge(healthy, null).get(1).passed()).as(policy.judge(healthy, null).get(1).measured()).isTrue();
        Verdict notMeasured = policy.judge(unsampled, null).get(1);
        assertThat(notMeasured.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(notMeasured.measured()).contains("phase 9: not measured (no machine sample)");
    }

    private static List<String> chartSvgs(String html) {
        Matcher m = Pattern.compile("data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)").matcher(html);
        List<String> svgs = new java.util.ArrayList<>();
        while (m.find()) {
            svgs.add(new String(Base64.getDecoder().decode(m.group(1)), java.nio.charset.StandardCharsets.UTF_8));
        }
        assertThat(svgs).hasSize(4);
        return svgs;
    }
}
