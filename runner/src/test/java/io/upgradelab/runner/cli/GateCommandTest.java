package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab gate}, in-process, on the journal a CI-size run recorded: exit 0, 1 and 2. */
class GateCommandTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..").normalize();

    @TempDir
    Path dir;
    Path run;

    private final InProcessCli cli = new InProcessCli();

    @BeforeEach
    void recordedRun() throws Exception {
        run = Files.createDirectories(dir.resolve("run"));
        Files.copy(ROOT.resolve("reports/src/test/resources/journals/ci-size-run.jsonl"), run.resolve("journal.jsonl"));
    }

    @Test
    void helpListsEveryCriterionThePolicyReaderKnows() {
        assertThat(cli.run("gate", "--help")).isZero();
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("Criteria: benchmarkTps, configIntact, cpuAgainstBaseline, cpuP95,"
                + " failureSigns, flapping, instanceLossAtEnd, loadValid, noProviderErrors, probeSuccess, upgradeWithin");
    }

    /**
     * The recorded run predates the configs section and the failure-sign observer: the shipped policy
     * finds every criterion met but configIntact and failureSigns, which have nothing to judge and so
     * do not pass (GateTest judges a copy with checks).
     */
    @Test
    void theShippedPolicyFindsTheRecordedRunGoodButForWhatItNeverWatched() {
        assertThat(cli.run("gate", run.toString(), "--policy",
                ROOT.resolve("experiments/nacos-1x-to-2x.policy.yaml").toString())).isEqualTo(1);
        assertThat(cli.out()).startsWith("PASS  the run completed: the run completed\n")
                .contains("PASS  no-provider errors at most 0 in phases rollingClientUpgrade: 0 no-provider errors\n")
                .contains("FAIL  configs intact on every node and listener in every phase: nothing measured: no config"
                        + " check judged a config on a node in 14 phase(s) (the experiment has no configs section)\n")
                .contains("FAIL  failure signs at most 0 in every phase: no failure sign was watched in this run: nothing"
                        + " measured (its journal has no signsWatched line)\n")
                .endsWith("gate FAILED (7 of 9 criteria met); JUnit XML: " + run.resolve("gate-junit.xml") + "\n");
        assertThat(run.resolve("gate-junit.xml")).exists();
    }

    @Test
    void aFailingPolicyExitsOneAndSaysByHowMuch() throws Exception {
        Path strict = Files.write(dir.resolve("strict.yaml"), List.of("name: strict", "criteria:",
                "  - kind: upgradeWithin", "    seconds: 120"));
        Path junit = dir.resolve("reports/gate.xml");

        assertThat(cli.run("gate", run.toString(), "--policy", strict.toString(), "--junit", junit.toString()))
                .isEqualTo(1);
        assertThat(cli.out()).contains("FAIL  server upgrade finished within 120 s: phase 9 done in 267 s\n")
                .contains("gate FAILED (1 of 2 criteria met)");
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
                """);

        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--baseline");
        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString(), "--baseline", run.toString()))
                .isZero();
        assertThat(cli.out()).contains("PASS  cluster mean CPU at most 1.1 x the baseline's in every phase: highest x1.00");
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

        assertThat(cli.err()).contains(policy + ": phases [rollingClientUpgarde, 15] name no phase of nacos-1x-to-2x-ci"
                + " (phases are named by number, 1 to 14, or by kind)");
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
        assertThat(json.get("passed").asBoolean()).isFalse();
        assertThat(json.get("failure").asText()).isEmpty();
        assertThat(json.get("junit").asText()).isEqualTo(run.resolve("gate-junit.xml").toString());
        JsonNode verdicts = json.get("verdicts");
        assertThat(verdicts).hasSize(3);
        assertThat(verdicts.get(0).get("criterion").asText()).isEqualTo("the run completed");
        assertThat(verdicts.get(0).get("passed").asBoolean()).isTrue();
        assertThat(verdicts.get(1).get("criterion").asText()).isEqualTo("server upgrade finished within 120 s");
        assertThat(verdicts.get(1).get("passed").asBoolean()).isFalse();
        assertThat(verdicts.get(1).get("measured").asText()).isEqualTo("phase 9 done in 267 s");
        assertThat(verdicts.get(2).get("passed").asBoolean()).isTrue();
        assertThat(verdicts.get(2).get("seconds").asDouble()).isEqualTo(10.095);   // phase 2 alone
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
