package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.fault.Faults;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab validate}, in-process: one line when valid, every error by file and line when not. */
class ValidateCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @BeforeEach
    void fakeDistributions() throws IOException {
        FakeDistributions.layOut(dir.resolve("dist"), "1.4.1", "2.0.4");
        System.setProperty("upgradelab.servers", dir.resolve("dist").toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty("upgradelab.servers");
    }

    @Test
    void theShippedExperimentsAreValid() {
        Path reference = FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml");
        assertThat(cli.run("validate", reference.toString())).isZero();
        assertThat(cli.out()).isEqualTo(reference + ": valid (14 phases, expected ~31m)\n");
        assertThat(cli.err()).isEmpty();

        cli.clear();
        Path ci = FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml");
        assertThat(cli.run("validate", ci.toString())).isZero();
        assertThat(cli.out()).isEqualTo(ci + ": valid (14 phases, expected ~9m)\n");
    }

    @Test
    void aScaleOverrideChangesTheEstimate() {
        Path reference = FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml");
        assertThat(cli.run("validate", reference.toString(), "--scale", "0.02")).isZero();
        assertThat(cli.out()).contains("valid (14 phases, expected ~");
    }

    @Test
    void everyErrorIsListedWithItsLineAndExitTwo() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                name: bad
                target:
                  version: 1.4.1
                  nodes: 2
                phases:
                  - kind: rampTo
                    provders: 6000
                  - kind: hold
                    for: 5 minutes
                  - kind: fault
                    fault: crash
                    node: 1
                    for: 30s
                """);
        assertThat(cli.run("validate", file.toString())).isEqualTo(2);
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).isEqualTo("upgrade-lab: " + file + " is not a valid experiment (4 errors):\n"
                + file + ":4: target.nodes: a 2-node cluster is not a thing here: use 1 (standalone) or 3 and more\n"
                + file + ":7: phase 1.provders: unknown field; did you mean 'providers'? (a rampTo phase has: kind,"
                + " providers, rate)\n"
                + file + ":9: phase 2.for: '5 minutes' is not a duration: write e.g. 30s, 5m, 1m30s, 500ms\n"
                + file + ":11: phase 3.fault: 'crash' is not one of: " + String.join(", ", Faults.names()) + "\n");
    }

    @Test
    void aContextErrorIsListedWithItsLine() throws IOException {
        Path file = Files.writeString(dir.resolve("early.yaml"), """
                name: early
                target:
                  version: 1.4.1
                phases:
                  - kind: rampTo
                    providers: 100
                  - kind: rollingClientUpgrade
                    to: 2x
                """);
        assertThat(cli.run("validate", file.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(file + ":8: phase 2.to: 2.x clients are refused while the cluster runs"
                + " in 1.x mode");
    }

    @Test
    void aYamlSyntaxErrorHasLineAndColumn() throws IOException {
        Path file = Files.writeString(dir.resolve("syntax.yaml"), "name: a: b\n");
        assertThat(cli.run("validate", file.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(file + ":1:8: YAML syntax: mapping values are not allowed here");
    }

    @Test
    void anUnknownVersionNamesTheVersionsThereAre() throws IOException {
        Path file = Files.writeString(dir.resolve("v.yaml"), """
                name: v
                target:
                  version: 1.4.2
                phases:
                  - kind: hold
                    for: 10s
                """);
        assertThat(cli.run("validate", file.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(file + ":3: target.version: unknown Nacos version '1.4.2': this build has"
                + " 1.4.1, 2.0.4");
    }

    @Test
    void aMissingFileIsOneLineNamingThePath() {
        Path missing = dir.resolve("missing.yaml");
        assertThat(cli.run("validate", missing.toString())).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("upgrade-lab: experiment file not found: " + missing + "\n");
    }

    @Test
    void aZeroScaleIsInvalidInput() {
        Path reference = FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml");
        assertThat(cli.run("validate", reference.toString(), "--scale", "0")).isEqualTo(2);
        assertThat(cli.err()).contains("--scale 0.0: more than 0 and at most 1000");
    }

    @Test
    void withoutAFileItIsAUsageError() {
        assertThat(cli.run("validate")).isEqualTo(2);
        assertThat(cli.err()).contains("Missing required parameter: 'EXPERIMENT'");
    }

    @Test
    void helpSaysWhatItChecksWithExamplesAndExitCodes() {
        assertThat(cli.run("validate", "--help")).isZero();
        assertThat(cli.out()).contains("Usage: upgrade-lab validate", "--scale=F", "Examples:",
                "upgrade-lab validate experiments/nacos-1x-to-2x.yaml", "Exit codes: 0 valid, 2 invalid");
        cli.clear();
        assertThat(cli.run("--help")).isZero();
        assertThat(cli.out()).contains("validate", "plan");
    }

    @Test
    void jsonOfAValidExperimentHasItsPhasesAndExpectedTime() throws Exception {
        Path ci = FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml");
        assertThat(cli.run("validate", ci.toString(), "--output", "json")).isZero();

        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("file").asText()).isEqualTo(ci.toString());
        assertThat(json.get("phases").asInt()).isEqualTo(14);
        assertThat(json.get("expectedSeconds").asLong()).isEqualTo(523);   // 8m43s, as plan says
        assertThat(json.get("notes").isArray()).isTrue();
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void jsonOfAnInvalidExperimentListsEveryProblemWithFileLineFieldAndMessageAndExitsTwo() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                name: bad
                target:
                  version: 1.4.1
                  nodes: 2
                phases:
                  - kind: rampTo
                    provders: 6000
                """);
        assertThat(cli.run("validate", file.toString(), "--output", "json")).isEqualTo(2);

        JsonNode error = new ObjectMapper().readTree(cli.out()).get("error");
        assertThat(error.get("exitCode").asInt()).isEqualTo(2);
        assertThat(error.get("message").asText()).startsWith(file + " is not a valid experiment (2 errors):");
        JsonNode problems = error.get("problems");
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0).get("file").asText()).isEqualTo(file.toString());
        assertThat(problems.get(0).get("line").asInt()).isEqualTo(4);
        assertThat(problems.get(0).get("field").asText()).isEqualTo("target.nodes");
        assertThat(problems.get(0).get("message").asText()).startsWith("a 2-node cluster is not a thing here");
        assertThat(problems.get(1).get("line").asInt()).isEqualTo(7);
        assertThat(problems.get(1).get("field").asText()).isEqualTo("phase 1.provders");
        assertThat(cli.err()).contains(file + ":4: target.nodes: ");   // the text, for the log, as always
    }

    @Test
    void jsonOfAYamlSyntaxErrorHasItsColumnAndNoField() throws Exception {
        Path file = Files.writeString(dir.resolve("syntax.yaml"), "name: a: b\n");
        assertThat(cli.run("validate", file.toString(), "--output", "json")).isEqualTo(2);

        JsonNode problem = new ObjectMapper().readTree(cli.out()).get("error").get("problems").get(0);
        assertThat(problem.get("line").asInt()).isEqualTo(1);
        assertThat(problem.get("column").asInt()).isEqualTo(8);
        assertThat(problem.get("field").isNull()).isTrue();
        assertThat(problem.get("message").asText()).startsWith("YAML syntax: mapping values are not allowed here");
    }

    @Test
    void jsonOfAMissingFileIsAnErrorWithoutProblems() throws Exception {
        Path missing = dir.resolve("missing.yaml");
        assertThat(cli.run("validate", missing.toString(), "--output", "json")).isEqualTo(2);

        JsonNode error = new ObjectMapper().readTree(cli.out()).get("error");
        assertThat(error.get("exitCode").asInt()).isEqualTo(2);
        assertThat(error.get("message").asText()).isEqualTo("experiment file not found: " + missing);
        assertThat(error.get("problems")).isEmpty();
    }

    @Test
    void anUnknownOutputFormatIsAUsageError() {
        Path ci = FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml");
        assertThat(cli.run("validate", ci.toString(), "--output", "yaml")).isEqualTo(2);
        assertThat(cli.err()).contains("--output", "yaml", "text, json");
    }
}
