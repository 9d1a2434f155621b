package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.reports.RecordedRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Policies judged on the journal a CI-size run recorded (server upgrade in 267 s; CPU p95 up to 73%), with
 * its load measured and valid in every phase as a run records it now (the recording predates the machine
 * observer: without it no phase would be judged, {@link Evidence}).
 */
class GateTest {

    /** The highest CPU p95 of the CI-size run, with its interval from its 47 samples: no upper bound at 95 %. */
    private static final String CPU_NODE_3_PHASE_9 = "73.3 % (at most 50.0 %; 95 % CI 39.73 to unbounded (order"
            + " statistics); n 47 CPU samples of node 3 in phase 9, the highest p95)";


    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
    }

    /** The recorded run predates the configs section: its copy with config checks beside its samples. */
    @Test
    void theShippedPolicyPassesTheRecordedRunWithOneTestCasePerCriterion() throws Exception {
        Policy policy = PolicyFile.read(Path.of(System.getProperty("basedir", "."))
                .resolve("../experiments/nacos-1x-to-2x.policy.yaml").normalize());
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir.resolve("with-configs"),
                check -> { }));

        Gate gate = Gate.judge(run, policy, null, run.resolve(Gate.JUNIT_NAME));

        assertThat(gate.verdicts()).hasSize(policy.criteria().size() + 1);
        assertThat(gate.verdicts()).allSatisfy(v -> assertThat(v.passed()).as(v.criterion() + ": " + v.measured()).isTrue());
        assertThat(gate.passed()).isTrue();
        assertThat(gate.status()).isEqualTo(Verdict.Status.PASS);
        assertThat(gate.summary()).isEqualTo("all " + gate.verdicts().size() + " criteria met");
        Document xml = parse(gate.junit());
        assertThat(xml.getDocumentElement().getAttribute("tests")).isEqualTo(String.valueOf(gate.verdicts().size()));
        assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("0");
        assertThat(xml.getDocumentElement().getAttribute("skipped")).isEqualTo("0");
        assertThat(xml.getElementsByTagName("testcase").getLength()).isEqualTo(gate.verdicts().size());
    }

    @Test
    void aStricterPolicyFailsOnTheSameRunAndItsJUnitFailureCarriesTheMeasuredFigure() throws Exception {
        Path strict = Files.writeString(dir.resolve("strict.yaml"), """
                name: strict <gate> & co
                criteria:
                  - kind: noProviderErrors
                    atMost: 0
                  - kind: cpuP95
                    atMostPercent: 50
                    phases: [rollingServerUpgrade, 14]
                  - kind: upgradeWithin
                    seconds: 60
                """);

        Gate gate = Gate.judge(run, PolicyFile.read(strict), null, dir.resolve("out/junit.xml"));

        assertThat(gate.passed()).isFalse();
        assertThat(gate.verdicts()).extracting(Verdict::passed).containsExactly(true, true, false, false);
        assertThat(gate.verdicts().get(1).criterion()).isEqualTo("no-provider errors at most 0 over all phases");
        assertThat(gate.verdicts().get(1).measured()).isEqualTo("0 no-provider errors (at most 0; exact; n 42800 calls)");
        assertThat(gate.verdicts().get(2).measured()).isEqualTo(CPU_NODE_3_PHASE_9);
        Document xml = parse(gate.junit());
        assertThat(xml.getDocumentElement().getAttribute("name")).isEqualTo("strict <gate> & co");
        assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("2");
        NodeList failures = xml.getElementsByTagName("failure");
        assertThat(((Element) failures.item(0)).getAttribute("message")).isEqualTo(CPU_NODE_3_PHASE_9);
        assertThat(((Element) failures.item(1)).getAttribute("message")).isEqualTo("267 s (at most 60 s; exact; n 1 rolling"
                + " server upgrade(s)): phase 9 done in 267 s");
    }

    @Test
    void aMalformedPolicyIsRefusedWithItsFileLineAndField() throws Exception {
        Path typo = Files.writeString(dir.resolve("typo.yaml"), """
                name: typo
                criteria:
                  - kind: probeSuccess
                    atLeastPercent: 99
                  - kind: noProviderErrors
                    atMost: 0
                    phase: [9]
                """);
        assertThatThrownBy(() -> PolicyFile.read(typo)).hasMessageStartingWith(typo + ":7: criteria[1].phase: unknown field 'phase'");

        Path missing = Files.writeString(dir.resolve("missing.yaml"), "name: m\ncriteria:\n  - kind: cpuP95\n    phases: [14]\n");
        assertThatThrownBy(() -> PolicyFile.read(missing)).hasMessage(missing + ":3: criteria[0].atMostPercent: missing required field 'atMostPercent'");

        Path kind = Files.writeString(dir.resolve("kind.yaml"), "name: k\ncriteria:\n  - kind: latencyP99\n    atMost: 5\n");
        assertThatThrownBy(() -> PolicyFile.read(kind)).hasMessageStartingWith(kind + ":3: criteria[0].kind: unknown criterion kind 'latencyP99'");

        Path type = Files.writeString(dir.resolve("type.yaml"), "name: t\ncriteria:\n  - kind: flapping\n    atMost: many\n");
        assertThatThrownBy(() -> PolicyFile.read(type)).hasMessageStartingWith(type + ":4: criteria[0].atMost: ");

        Path empty = Files.writeString(dir.resolve("empty.yaml"), "name: e\n");
        assertThatThrownBy(() -> PolicyFile.read(empty)).hasMessage(empty + ":1: criteria: a policy needs at least one criterion");

        Path fraction = Files.writeString(dir.resolve("fraction.yaml"), "name: f\ncriteria:\n  - kind: flapping\n    atMost: 1.5\n");
        assertThatThrownBy(() -> PolicyFile.read(fraction)).hasMessageStartingWith(fraction + ":4: criteria[0].atMost: ");
    }

    @Test
    void everyUnknownFieldAndKindIsListedAtOnceWithTheNameMeant() throws Exception {
        Path typos = Files.writeString(dir.resolve("typos.yaml"), """
                nmae: typos
                criteria:
                  - kind: probeSucess
                    atLeastPercent: 99
                  - kind: noProviderErrors
                    atMots: 0
                    phase: [9]
                  - kind: cpuP95
                    atMostPercent: 150
                  - kind: flapping
                    atMost: lots
                  - kind: latencyP99
                """);
        assertThatThrownBy(() -> PolicyFile.read(typos)).hasMessage(String.join("\n",
                typos + ":1: nmae: unknown field 'nmae'; did you mean 'name'? (a policy has: name, criteria)",
                typos + ":3: criteria[0].kind: unknown criterion kind 'probeSucess'; did you mean 'probeSuccess'?"
                        + " (expected one of " + PolicyFile.criterionKinds() + ")",
                typos + ":6: criteria[1].atMots: unknown field 'atMots'; did you mean 'atMost'? (noProviderErrors has:"
                        + " kind, atMost, phases, dryRun)",
                typos + ":7: criteria[1].phase: unknown field 'phase'; did you mean 'phases'? (noProviderErrors has:"
                        + " kind, atMost, phases, dryRun)",
                typos + ":9: criteria[2].atMostPercent: 150 is out of range: a percentage is 0 to 100",
                typos + ":11: criteria[3].atMost: must be a whole number, not 'lots'",
                typos + ":12: criteria[4].kind: unknown criterion kind 'latencyP99' (expected one of "
                        + PolicyFile.criterionKinds() + ")"));

        Path misspelt = Files.writeString(dir.resolve("misspelt.yaml"), "critera:\n  - kind: flapping\n    atMost: 0\n");
        assertThatThrownBy(() -> PolicyFile.read(misspelt)).hasMessage(misspelt
                + ":1: critera: unknown field 'critera'; did you mean 'criteria'? (a policy has: name, criteria)");

        Path list = Files.writeString(dir.resolve("list.yaml"), "- kind: flapping\n  atMost: 0\n");
        assertThatThrownBy(() -> PolicyFile.read(list)).hasMessage(list
                + ":1: a policy is a mapping of fields (name: ..., criteria: ...), not a list");
    }

    @Test
    void everyThresholdOutOfItsRangeIsListedAtOnceWithItsLine() throws Exception {
        Path ranges = Files.writeString(dir.resolve("ranges.yaml"), """
                name: r
                criteria:
                  - kind: cpuP95
                    atMostPercent: -5
                  - kind: probeSuccess
                    atLeastPercent: 150
                  - kind: noProviderErrors
                    atMost: -1
                  - kind: upgradeWithin
                    seconds: 0
                  - kind: cpuAgainstBaseline
                    atMostRatio: 0
                """);
        assertThatThrownBy(() -> PolicyFile.read(ranges)).hasMessage(String.join("\n",
                ranges + ":4: criteria[0].atMostPercent: -5 is out of range: a percentage is 0 to 100",
                ranges + ":6: criteria[1].atLeastPercent: 150 is out of range: a percentage is 0 to 100",
                ranges + ":8: criteria[2].atMost: -1 is out of range: a count is 0 or more",
                ranges + ":10: criteria[3].seconds: 0 is out of range: it must be above 0",
                ranges + ":12: criteria[4].atMostRatio: 0 is out of range: it must be above 0"));
    }

    @Test
    void yamlMistakesAreRefusedAsInExperimentFilesAtTheLineToEdit() throws Exception {
        Path tab = Files.writeString(dir.resolve("tab.yaml"), "name: t\ncriteria:\n  - kind: flapping\n\t  atMost: 0\n");
        assertThatThrownBy(() -> PolicyFile.read(tab)).hasMessage(tab + ":4: YAML syntax: a tab in the indentation; indent with spaces");

        Path twice = Files.writeString(dir.resolve("twice.yaml"), "name: a\nname: b\ncriteria: []\n");
        assertThatThrownBy(() -> PolicyFile.read(twice)).hasMessageStartingWith(twice + ":2: duplicate field 'name' (first set on line 1)");

        Path second = Files.writeString(dir.resolve("second.yaml"), "criteria:\n  - kind: flapping\n    atMost: 0\n---\nname: x\n");
        assertThatThrownBy(() -> PolicyFile.read(second)).hasMessageStartingWith(second + ":5: a second YAML document");

        Path blank = Files.writeString(dir.resolve("blank.yaml"), "# nothing yet\n");
        assertThatThrownBy(() -> PolicyFile.read(blank)).hasMessage(blank + ":1: the file is empty: a policy needs criteria");

        Path latin1 = Files.write(dir.resolve("latin1.yaml"), "name: gr\u00fcn\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> PolicyFile.read(latin1)).hasMessage(latin1 + ": not UTF-8 text");
    }

    @Test
    void aPhaseNameThatMatchesNothingFailsTheCriterionInsteadOfPassingOnNoEvidence() throws Exception {
        Path typo = Files.writeString(dir.resolve("typo.yaml"), """
                name: "typo\\u0001"
                criteria:
                  - kind: noProviderErrors
                    atMost: 0
                    phases: [rollingClientUpgarde]
                  - kind: cpuP95
                    atMostPercent: 90
                    phases: [99]
                """);

        Gate gate = Gate.judge(run.resolve("journal.jsonl"), PolicyFile.read(typo), null, null);

        assertThat(gate.passed()).isFalse();
        assertThat(gate.verdicts().get(1).measured()).startsWith("no phase of the run is rollingClientUpgarde");
        assertThat(gate.verdicts().get(2).measured()).startsWith("no phase of the run is 99");
        assertThat(gate.junit()).isEqualTo(run.resolve(Gate.JUNIT_NAME).toAbsolutePath());
        assertThat(parse(gate.junit()).getDocumentElement().getAttribute("name")).isEqualTo("typo\\u0001");
    }

    @Test
    void emptyItemsAndAMissingKindAreNamedWithTheirLine() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty-item.yaml"), "name: e\ncriteria:\n  - kind: flapping\n"
                + "    atMost: 0\n    phases: [14, ~]\n");
        assertThatThrownBy(() -> PolicyFile.read(empty)).hasMessageStartingWith(empty + ":5: criteria[0].phases[1]: an empty item");
        Path noKind = Files.writeString(dir.resolve("no-kind.yaml"), "name: k\ncriteria:\n  - atMost: 0\n");
        assertThatThrownBy(() -> PolicyFile.read(noKind)).hasMessageStartingWith(noKind
                + ":3: criteria[0]: missing field 'kind'; expected one of [ackedVisible, baseline, benchmarkTps, configIntact, cpuAgainstBaseline,");
    }

    @Test
    void aKilledRunIsBrokenNotFailed() throws Exception {
        List<String> lines = Files.readAllLines(run.resolve("journal.jsonl"));
        Files.write(run.resolve("journal.jsonl"), lines.subList(0, lines.size() / 2));
        Policy policy = new Policy("p", List.of(new InstanceLossAtEnd(0)));

        assertThatThrownBy(() -> Gate.judge(run, policy, null, run.resolve(Gate.JUNIT_NAME)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the run did not end");
    }

    @Test
    void cpuAgainstABaselinePassesOnTheSameRunAndFailsWhenTheAfterRunCostsTwiceTheCpu() throws Exception {
        Policy policy = PolicyFile.read(Files.writeString(dir.resolve("ratio.yaml"), """
                criteria:
                  - kind: cpuAgainstBaseline
                    atMostRatio: 1.2
                    phases: [rollingClientUpgrade, 14]
                """));
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(2.0, dir.resolve("costlier")));

        Gate same = Gate.judge(run, policy, run, dir.resolve("same.xml"));
        Gate worse = Gate.judge(costlier, policy, run, dir.resolve("worse.xml"));

        assertThat(same.passed()).isTrue();
        assertThat(same.verdicts().get(1).measured()).startsWith("x1 (at most x1.2; no 95 % interval: one cluster mean a side; n 2 phases compared):"
                + " highest x1.00 (phase ");
        assertThat(worse.passed()).isFalse();
        assertThat(worse.verdicts().get(1).measured()).startsWith("x2 (at most x1.2; ").contains("highest x2.00 (phase ");
        assertThat(parse(worse.junit()).getElementsByTagName("failure").item(0).getAttributes()
                .getNamedItem("message").getNodeValue()).contains("x2.00");
        assertThatThrownBy(() -> Gate.judge(run, policy, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseline");
    }

    private static Document parse(Path xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    }
}
