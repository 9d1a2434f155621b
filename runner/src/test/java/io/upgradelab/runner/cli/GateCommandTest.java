package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.Verdict;
import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code upgrade-lab gate}, in-process, on the journal a CI-size run recorded: exit 0, 1, 2 and 3. As
 * recorded, no phase's load was measured (it predates the machine observer), so the gate judges none of
 * them: INCONCLUSIVE, exit 3; its copy with the load measured ({@link RecordedCiRun#withValidLoad}) is
 * judged.
 */
class GateCommandTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..").normalize();

    @TempDir
    Path dir;
    Path run;
    Path recorded;

    private final InProcessCli cli = new InProcessCli();

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
        recorded = RecordedRuns.ciSizeRun(dir.resolve("recorded"));
    }

    @Test
    void helpListsEveryCriterionThePolicyReaderKnows() {
        assertThat(cli.run("gate", "--help")).isZero();
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("Criteria: ackedVisible, baseline, benchmarkTps, configIntact, cpuAgainstBaseline,"
                + " cpuP95, deadGoneWithin, failureSigns, flapping, http, instanceLossAtEnd, loadValid, noEmptyPush,"
                + " noProviderErrors, probeSuccess, prometheus, upgradeWithin");
    }

    /**
     * The recorded run predates the configs section and the failure-sign observer: with its load measured,
     * the shipped policy finds every criterion met but configIntact and failureSigns, which have nothing
     * to judge: thin evidence, never a pass, and not Nacos failing either (GateTest judges a copy with
     * checks). Exit 3.
     */
    @Test
    void theShippedPolicyFindsTheRecordedRunGoodButInconclusiveOnWhatItNeverWatchedAndExitsThree() {
        assertThat(cli.run("gate", run.toString(), "--policy",
                ROOT.resolve("experiments/nacos-1x-to-2x.policy.yaml").toString())).isEqualTo(3);
        assertThat(cli.out()).startsWith("PASS  the run completed: the run completed\n")
                .contains("PASS  no-provider errors at most 0 over phases rollingClientUpgrade: 0 no-provider errors (at"
                        + " most 0; exact; n 6800 calls)\n")
                .contains("PASS  probe success at least 99.0% in phases 9, 10, 11, 12, 13, 14: 100 % (at least 99.0 %; 95 %"
                        + " CI 99.99 to 100 (Wilson); n 26700 calls in phase 9, the lowest): 100.0% of 36900 calls in 6"
                        + " phase(s)\n")
                .contains("INCONCLUSIVE  configs intact on every node and listener in phases hold, rollingServerUpgrade,"
                        + " rollingClientUpgrade: not judged: phases 2, 4, 6, 8-10, 12-14: no config check (the experiment"
                        + " has no configs section)\n")
                .contains("INCONCLUSIVE  failure signs at most 0 over phases 10, 12, 14: no failure sign was watched in"
                        + " this run: nothing measured (its journal has no signsWatched line)\n")
                .endsWith("gate INCONCLUSIVE: 7 of 10 criteria met, 3 inconclusive; JUnit XML: "
                        + run.resolve("gate-junit.xml") + "\n");
        assertThat(cli.out()).contains("INCONCLUSIVE  failure signs (downgradeTo1x, raftStateMachine,");
        assertThat(run.resolve("gate-junit.xml")).content().contains("skipped=\"3\"").contains("failures=\"0\"");
    }

    /** As recorded, no phase's load was measured: whatever a criterion over phases asks, exit 3, saying why. */
    @Test
    void aRunWhoseLoadWasNeverMeasuredIsInconclusiveAndExitsThreeWhileAPassExitsZero() throws Exception {
        Path policy = Files.write(dir.resolve("p.yaml"), List.of("criteria:", "  - kind: probeSuccess",
                "    atLeastPercent: 99", "  - kind: upgradeWithin", "    seconds: 900"));

        assertThat(cli.run("gate", recorded.toString(), "--policy", policy.toString())).isEqualTo(3);
        assertThat(cli.out()).contains("INCONCLUSIVE  probe success at least 99.0% in every phase: not judged: phases"
                        + " 1-12, 14: load not measured (no machine sample) (there: ")
                .contains("; phase 13: load flagged: 1.x clients delivered 12.8% of their nominal beats (there: ")
                .contains("gate INCONCLUSIVE: 2 of 3 criteria met, 1 inconclusive; JUnit XML: ");

        cli.clear();
        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString())).as(cli.out()).isZero();
        assertThat(cli.out()).contains("gate PASS: all 3 criteria met; JUnit XML: ");
    }

    @Test
    void aFailingPolicyExitsOneAndSaysByHowMuch() throws Exception {
        Path strict = Files.write(dir.resolve("strict.yaml"), List.of("name: strict", "criteria:",
                "  - kind: upgradeWithin", "    seconds: 120"));
        Path junit = dir.resolve("reports/gate.xml");

        assertThat(cli.run("gate", run.toString(), "--policy", strict.toString(), "--junit", junit.toString()))
                .isEqualTo(1);
        assertThat(cli.out()).contains("FAIL  server upgrade finished within 120 s: 267 s (at most 120 s; exact; n 1 rolling"
                + " server upgrade(s)): phase 9 done in 267 s\n")
                .contains("gate FAIL: 1 of 2 criteria met, 1 not met; JUnit XML: " + junit);
        assertThat(junit).exists();
    }

    @Test
    void aMalformedPolicyOrAMissingRunExitsTwoNamingWhere() throws Exception {
        Path bad = Files.write(dir.resolve("bad.yaml"), List.of("name: bad", "criteria:",
                "  - kind: flapping", "    atMost: lots"));
        assertThat(cli.run("gate", run.toString(), "--policy", bad.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(bad + ":4: criteria[0].atMost: ");

        cli.clear();
        assertThat(cli.run("gate", dir.resolve("nothing").toString(), "--policy",
                ROOT.resolve("experiments/nacos-1x-to-2x.policy.yaml").toString())).isEqualTo(2);
        assertThat(cli.err()).contains("no journal here");
    }

    @Test
    void aPolicyComparingWithABaselineIsRefusedWithoutOneAndJudgedWithOne() throws Exception {
        Path policy = Files.writeString(dir.resolve("ratio.yaml"), """
                criteria:
                  - kind: cpuAgainstBaseline
                    atMostRatio: 1.1
                    phases: [rollingServerUpgrade, 14]
                """);

        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--baseline");
        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString(), "--baseline", run.toString()))
                .isZero();
        assertThat(cli.out()).contains("PASS  cluster mean CPU at most 1.1 x the baseline's in phases rollingServerUpgrade,"
                + " 14: x1 (at most x1.1; no 95 % interval: one cluster mean a side; n 2 phases compared): highest x1.00");
    }

    @Test
    void aBaselineCriterionFailsOnTheCostlierRunAndAsADryRunIsShownWithoutDecidingTheExitCode() throws Exception {
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("costlier")));
        Path policy = Files.writeString(dir.resolve("baseline.yaml"), """
                criteria:
                  - kind: baseline
                    figures: [cpu]
                    phases: [rollingClientUpgrade, 14]
                """);

        assertThat(cli.run("gate", costlier.toString(), "--policy", policy.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--baseline");
        assertThat(cli.run("gate", costlier.toString(), "--policy", policy.toString(), "--baseline", run.toString()))
                .isEqualTo(1);
        assertThat(cli.out()).contains("FAIL  no figure (cpu) worse than the baseline's by its minimum effect in phases"
                + " rollingClientUpgrade, 14: worse: phase 13 CPU node 1 %: +");
        cli.clear();

        Files.writeString(policy, Files.readString(policy) + "    dryRun: true\n");

        assertThat(cli.run("gate", costlier.toString(), "--policy", policy.toString(), "--baseline", run.toString()))
                .isZero();
        assertThat(cli.out()).contains("DRY RUN (would FAIL)  no figure (cpu) worse than the baseline's",
                "gate PASS: all 1 criteria met; dry run: 1 would FAIL");
        cli.clear();
        assertThat(cli.run("gate", costlier.toString(), "--policy", policy.toString(), "--baseline", run.toString(),
                "--output", "json")).isZero();
        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("status").asText()).isEqualTo("PASS");
        assertThat(json.get("verdicts").get(0).has("dryRun")).as("only a dry run's says so").isFalse();
        assertThat(json.get("verdicts").get(1).get("dryRun").asBoolean()).isTrue();
        assertThat(json.get("verdicts").get(1).get("status").asText()).isEqualTo("FAIL");
    }

    @Test
    void runRefusesAPolicyNamingAPhaseTheExperimentDoesNotHaveBeforeStartingAnything() throws Exception {
        Path policy = Files.writeString(dir.resolve("typo.yaml"), """
                criteria:
                  - kind: noProviderErrors
                    atMost: 0
                    phases: [rollingClientUpgarde, 14, 15]
                """);

        assertThat(cli.run("run", ROOT.resolve("experiments/nacos-1x-to-2x-ci.yaml").toString(), "--gate",
                policy.toString(), "--out", dir.resolve("never").toString())).isEqualTo(2);

        assertThat(cli.err()).contains(policy + ":4: criteria[0].phases[0]: no phase of the run is rollingClientUpgarde"
                + " (it has phases 1 to 14: ").contains(policy + ":4: criteria[0].phases[2]: no phase of the run is 15")
                .doesNotContain("phases[1]");
        assertThat(dir.resolve("never")).doesNotExist();
    }

    @Test
    void jsonHasTheVerdictEveryCriterionAndItsFigureAndExitsOneOnAFail() throws Exception {
        Path strict = Files.write(dir.resolve("strict.yaml"), List.of("name: strict", "criteria:",
                "  - kind: upgradeWithin", "    seconds: 120", "  - kind: noProviderErrors", "    atMost: 0",
                "    phases: [2]"));

        assertThat(cli.run("gate", run.toString(), "--policy", strict.toString(), "--output", "json")).isEqualTo(1);

        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("run").asText()).isEqualTo(run.toString());
        assertThat(json.get("policy").asText()).isEqualTo(strict.toString());
        assertThat(json.get("status").asText()).isEqualTo("FAIL");
        assertThat(json.get("passed").asBoolean()).isFalse();
        assertThat(json.get("summary").asText()).isEqualTo("2 of 3 criteria met, 1 not met");
        assertThat(json.get("failure").asText()).isEmpty();
        assertThat(json.get("junit").asText()).isEqualTo(run.resolve("gate-junit.xml").toString());
        JsonNode verdicts = json.get("verdicts");
        assertThat(verdicts).hasSize(3);
        assertThat(verdicts.get(0).get("criterion").asText()).isEqualTo("the run completed");
        assertThat(verdicts.get(0).get("passed").asBoolean()).isTrue();
        assertThat(verdicts.get(0).get("status").asText()).isEqualTo("PASS");
        assertThat(verdicts.get(1).get("criterion").asText()).isEqualTo("server upgrade finished within 120 s");
        assertThat(verdicts.get(1).get("passed").asBoolean()).isFalse();
        assertThat(verdicts.get(1).get("status").asText()).isEqualTo("FAIL");
        assertThat(verdicts.get(1).get("measured").asText()).isEqualTo("267 s (at most 120 s; exact; n 1 rolling server"
                + " upgrade(s)): phase 9 done in 267 s");
        JsonNode measure = verdicts.get(1).get("measure");
        assertThat(measure.get("value").asDouble()).isEqualTo(267);
        assertThat(measure.get("bound").asText()).isEqualTo("at most 120 s");
        assertThat(measure.get("n").asLong()).isEqualTo(1);
        assertThat(measure.has("interval")).as("a time the run took is exact").isFalse();
        assertThat(verdicts.get(2).get("passed").asBoolean()).isTrue();
        assertThat(verdicts.get(2).get("seconds").asDouble()).isEqualTo(10.095);   // phase 2 alone
        // per criterion, what a pipeline keys on without reading prose
        assertThat(verdicts.get(0).get("kind").asText()).isEqualTo("completion");
        assertThat(verdicts.get(0).get("value").isNull()).as("a fact, not a figure").isTrue();
        assertThat(verdicts.get(1).get("kind").asText()).isEqualTo("upgradeWithin");
        assertThat(verdicts.get(1).get("verdict").asText()).isEqualTo("FAIL");
        assertThat(verdicts.get(1).get("value").asDouble()).isEqualTo(267);
        assertThat(verdicts.get(1).get("unit").asText()).isEqualTo("s");
        assertThat(verdicts.get(1).get("threshold").asDouble()).isEqualTo(120);
        assertThat(verdicts.get(1).get("comparison").asText()).isEqualTo("atMost");
        assertThat(verdicts.get(2).get("kind").asText()).isEqualTo("noProviderErrors");
        assertThat(verdicts.get(2).get("verdict").asText()).isEqualTo("PASS");
        assertThat(verdicts.get(2).get("threshold").asDouble()).isZero();
        assertThat(verdicts.get(2).get("phases")).extracting(JsonNode::asInt).containsExactly(2);
    }

    @Test
    void jsonOfAnInconclusiveGateSaysSoForTheGateAndEachVerdictAndExitsThree() throws Exception {
        Path policy = Files.write(dir.resolve("p.yaml"), List.of("criteria:", "  - kind: noProviderErrors",
                "    atMost: 0", "    phases: [2]"));

        assertThat(cli.run("gate", recorded.toString(), "--policy", policy.toString(), "--output", "json")).isEqualTo(3);

        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("status").asText()).isEqualTo("INCONCLUSIVE");
        assertThat(json.get("passed").asBoolean()).isFalse();
        assertThat(json.get("summary").asText()).isEqualTo("1 of 2 criteria met, 1 inconclusive");
        JsonNode inconclusive = json.get("verdicts").get(1);
        assertThat(inconclusive.get("status").asText()).isEqualTo("INCONCLUSIVE");
        assertThat(inconclusive.get("passed").asBoolean()).isFalse();
        assertThat(inconclusive.get("measured").asText()).isEqualTo("not judged: phase 2: load not measured (no machine"
                + " sample) (there: 0 no-provider errors (at most 0; exact; n 1000 calls))");
    }

    /** {@code run --gate}: the gate's code; a run that stopped keeps its own, unless the gate found the lab's limit. */
    @Test
    void aGatedRunExitsWithTheGatesCodeAndThreeWhenItStoppedOnTheLabsLimit() {
        Gate pass = gate(Verdict.Status.PASS);
        Gate fail = gate(Verdict.Status.FAIL);
        Gate inconclusive = gate(Verdict.Status.INCONCLUSIVE);

        assertThat(List.of(RunCommand.exitCode(0, pass), RunCommand.exitCode(0, fail),
                RunCommand.exitCode(0, inconclusive))).containsExactly(0, 1, 3);
        assertThat(RunCommand.exitCode(1, fail)).as("a phase failed: Nacos's").isEqualTo(1);
        assertThat(RunCommand.exitCode(1, inconclusive)).as("a phase failed on the lab's limit").isEqualTo(3);
    }

    private static Gate gate(Verdict.Status status) {
        return new Gate(List.of(new Verdict("the run completed", Verdict.Status.PASS, "the run completed"),
                new Verdict("c", status, "measured")), Path.of("junit.xml"), "");
    }

    /** gate --junit RUN/journal.jsonl (or the policy) would overwrite what the gate reads: exit 2, both kept. */
    @Test
    void aJUnitFileThatIsTheJournalOrThePolicyIsRefusedAndBothAreKept() throws Exception {
        Path journal = run.resolve("journal.jsonl");
        String recordedJournal = Files.readString(journal);
        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 900\n");

        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString(), "--junit", journal.toString()))
                .isEqualTo(2);
        assertThat(cli.err()).contains("upgrade-lab: " + journal + " is " + journal + ", which this command reads:"
                + " refusing to write over its own input");
        assertThat(journal).content().isEqualTo(recordedJournal);

        cli.clear();
        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString(), "--junit", policy.toString()))
                .isEqualTo(2);
        assertThat(cli.err()).contains(policy + " is " + policy + ", which this command reads");
        assertThat(policy).content().isEqualTo("criteria:\n  - kind: upgradeWithin\n    seconds: 900\n");
    }

    /** A run directory from elsewhere with a symbolic link where the JUnit XML goes: exit 2, its target kept. */
    @Test
    void aSymbolicLinkWhereTheJUnitXmlGoesIsRefusedAndWhatItPointsAtIsKept() throws Exception {
        Path precious = Files.writeString(Files.createDirectories(dir.resolve("home")).resolve(".bashrc"), "export PATH\n");
        Path link = Files.createSymbolicLink(run.resolve(Gate.JUNIT_NAME), precious);

        assertThat(cli.run("gate", run.toString(), "--policy",
                ROOT.resolve("experiments/nacos-1x-to-2x.policy.yaml").toString())).isEqualTo(2);

        assertThat(cli.err()).contains(link + " is a symbolic link: refusing to write through it");
        assertThat(precious).content().isEqualTo("export PATH\n");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void jsonOfAMalformedPolicyIsAnErrorWithExitTwo() throws Exception {
        Path bad = Files.write(dir.resolve("bad.yaml"), List.of("name: bad", "criteria:",
                "  - kind: flapping", "    atMost: lots"));

        assertThat(cli.run("gate", run.toString(), "--policy", bad.toString(), "--output", "json")).isEqualTo(2);

        JsonNode error = new ObjectMapper().readTree(cli.out()).get("error");
        assertThat(error.get("exitCode").asInt()).isEqualTo(2);
        assertThat(error.get("message").asText()).startsWith(bad + ":4: criteria[0].atMost: ");
    }
}
