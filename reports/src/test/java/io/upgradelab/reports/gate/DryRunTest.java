package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.reports.RecordedRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A criterion with {@code dryRun: true} is judged and shown (the gate's verdicts, its summary, the JUnit
 * XML as a skipped test with the status it would have had, the reports' banner) but never decides the gate.
 */
class DryRunTest {

    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
    }

    @Test
    void aDryRunCriterionThatFailsLeavesTheGatePassAndIsReportedWithTheStatusItWouldHave() throws Exception {
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("costlier")));
        Path policy = Files.writeString(dir.resolve("dry.yaml"), """
                criteria:
                  - kind: noProviderErrors
                    atMost: 0
                    phases: [rollingClientUpgrade]
                  - kind: baseline
                    figures: [cpu]
                    phases: [rollingClientUpgrade, 14]
                    dryRun: true
                  - kind: cpuP95
                    atMostPercent: 1
                    dryRun: false
                """);

        Gate gate = Gate.judge(costlier, PolicyFile.read(policy), run, dir.resolve("junit.xml"));

        Verdict dry = gate.verdicts().get(2);
        assertThat(dry.dryRun()).isTrue();
        assertThat(dry.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(dry.word()).isEqualTo("DRY RUN (would FAIL)");
        assertThat(dry.measured()).startsWith("worse: phase ").contains("CPU node");
        assertThat(gate.verdicts().get(3).dryRun()).as("dryRun: false decides").isFalse();
        assertThat(gate.status()).as("the cpuP95 at 1% that is not a dry run").isEqualTo(Verdict.Status.FAIL);
        assertThat(gate.summary()).isEqualTo("2 of 3 criteria met, 1 not met; dry run: 1 would FAIL");
        assertThat(GateResult.of(gate).notMet()).extracting(Verdict::criterion)
                .noneMatch(c -> c.startsWith("no figure"));
        assertThat(GateResult.of(gate).dryRuns()).containsExactly(dry);

        Files.writeString(policy, Files.readString(policy).replace("dryRun: false", "dryRun: true"));
        Gate passed = Gate.judge(costlier, PolicyFile.read(policy), run, dir.resolve("junit.xml"));

        assertThat(passed.status()).isEqualTo(Verdict.Status.PASS);
        assertThat(passed.summary()).isEqualTo("all 2 criteria met; dry run: 2 would FAIL");
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(passed.junit().toFile());
        assertThat(xml.getDocumentElement().getAttribute("tests")).isEqualTo("4");
        assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("0");
        assertThat(xml.getDocumentElement().getAttribute("skipped")).isEqualTo("2");
        assertThat(xml.getElementsByTagName("failure").getLength()).isZero();
        Element skipped = (Element) xml.getElementsByTagName("skipped").item(0);
        assertThat(skipped.getAttribute("message")).startsWith("dry run, would FAIL: worse: phase ");
    }

    @Test
    void aDryRunThatPassesIsSkippedInTheJUnitXmlAndCountedApart() throws Exception {
        Path policy = Files.writeString(dir.resolve("dry.yaml"), """
                criteria:
                  - kind: instanceLossAtEnd
                    atMost: 0
                    dryRun: true
                """);

        Gate gate = Gate.judge(run, PolicyFile.read(policy), null, dir.resolve("junit.xml"));

        assertThat(gate.passed()).isTrue();
        assertThat(gate.summary()).isEqualTo("all 1 criteria met; dry run: 1 would PASS");
        assertThat(gate.verdicts().get(1).word()).isEqualTo("DRY RUN (would PASS)");
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(gate.junit().toFile());
        assertThat(xml.getDocumentElement().getAttribute("skipped")).isEqualTo("1");
    }

    @Test
    void aDryRunThatIsNotTrueOrFalseIsRefusedAtItsLine() throws Exception {
        Path policy = Files.writeString(dir.resolve("bad.yaml"), """
                criteria:
                  - kind: instanceLossAtEnd
                    atMost: 0
                    dryRun: sometimes
                  - kind: flapping
                    atMost: 0
                    dryrun: true
                """);

        assertThatThrownBy(() -> PolicyFile.read(policy)).isInstanceOf(PolicyFile.InvalidPolicyException.class)
                .hasMessage(policy + ":4: criteria[0].dryRun: must be true or false, not 'sometimes'\n" + policy
                        + ":7: criteria[1].dryrun: unknown field 'dryrun'; did you mean 'dryRun'? (flapping has: kind,"
                        + " atMost, phases, toleranceInstances, tolerancePercent, dryRun)");
    }
}
