package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab plan}, in-process: a table of the phases and the expected total, nothing started. */
class PlanCommandTest {

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
    void theCiExperimentsTimelineRowByRow() {
        Path ci = FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml");
        assertThat(cli.run("plan", ci.toString())).isZero();
        List<String> lines = cli.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo(ci + ": nacos-1x-to-2x-ci (scale 0.02)");
        assertThat(lines).anySatisfy(l -> assertThat(l).matches(
                " #  start\\s+takes\\s+kind\\s+what\\s+providers\\s+nodes"));
        assertThat(lines).anySatisfy(l -> assertThat(l).matches(
                " -  0:00\\s+1m20s\\s+set-up\\s+start a 3-node Nacos 1.4.1 cluster.*\\s+0\\s+1.4.1 x3"));
        assertThat(lines).anySatisfy(l -> assertThat(l).matches(
                " 1  1:20\\s+7s\\s+rampTo\\s+ramp to 120 providers\\s+120 on 1.4.1\\s+1.4.1 x3"));
        assertThat(lines).anySatisfy(l -> assertThat(l).matches(
                " 9  2:29\\s+4m15s\\s+rollingServerUpgrade\\s+rolling server upgrade to 2.0.4 \\(3 nodes\\), then"
                        + " upgraded=true\\s+120 on 1.4.1\\s+2.0.4 x3"));
        assertThat(lines).anySatisfy(l -> assertThat(l).matches(
                "13  7:12\\s+1m21s\\s+rollingClientUpgrade\\s+rolling client upgrade to 2.0.4 in 3 batches \\(280 providers\\)"
                        + "\\s+280 on 2.0.4\\s+2.0.4 x3"));
        assertThat(lines.get(1)).endsWith("50/s, nacos-client 1.4.1; probe: 100 calls/s, nacos-client 1.4.1, 2 demo providers");
        assertThat(lines.get(lines.size() - 1))
                .isEqualTo("expected total: ~9m (8m43s: set-up 1m20s, phases 7m23s). Nothing was started.");
    }

    @Test
    void anInvalidExperimentIsNotPlanned() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                name: bad
                target:
                  version: 1.4.1
                phases:
                  - kind: scaleDownTo
                    providers: 10
                """);
        assertThat(cli.run("plan", file.toString())).isEqualTo(2);
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).contains(file + ":6: phase 1.providers: scales down to 10 providers but the fleet"
                + " has 0 here: use rampTo to grow");
    }

    @Test
    void mixedNodeVersionsAreShownNodeByNode() {
        assertThat(PlanCommand.versions(List.of("2.0.4", "1.4.1", "1.4.1"))).isEqualTo("2.0.4 1.4.1 1.4.1");
        assertThat(PlanCommand.versions(List.of("1.4.1", "1.4.1", "1.4.1"))).isEqualTo("1.4.1 x3");
        assertThat(PlanCommand.clock(Duration.ofSeconds(3725))).isEqualTo("1:02:05");
        assertThat(ExperimentArguments.approximately(Duration.ofSeconds(3725))).isEqualTo("~1h 2m");
        assertThat(ExperimentArguments.approximately(Duration.ofSeconds(45))).isEqualTo("~45s");
    }

    @Test
    void helpHasExamplesAndExitCodes() {
        assertThat(cli.run("plan", "--help")).isZero();
        assertThat(cli.out()).contains("Usage: upgrade-lab plan", "without starting anything", "Examples:",
                "upgrade-lab plan experiments/nacos-1x-to-2x.yaml --scale 0.02", "Exit codes: 0 planned");
    }

    @Test
    void jsonHasEveryPhaseNumberedFromOneWithItsExpectedTimesAndVersions() throws Exception {
        Path ci = FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml");
        assertThat(cli.run("plan", ci.toString(), "--output", "json")).isZero();

        JsonNode plan = new ObjectMapper().readTree(cli.out());
        assertThat(plan.get("file").asText()).isEqualTo(ci.toString());
        assertThat(plan.get("experiment").asText()).isEqualTo("nacos-1x-to-2x-ci");
        assertThat(plan.get("scale").asDouble()).isEqualTo(0.02);
        assertThat(plan.get("nodes").asInt()).isEqualTo(3);
        assertThat(plan.get("serverVersion").asText()).isEqualTo("1.4.1");
        assertThat(plan.get("setUpSeconds").asLong()).isEqualTo(80);
        assertThat(plan.get("expectedSeconds").asLong()).isEqualTo(523);
        JsonNode phases = plan.get("phases");
        assertThat(phases).hasSize(14);
        JsonNode first = phases.get(0);
        assertThat(first.get("number").asInt()).isEqualTo(1);
        assertThat(first.get("kind").asText()).isEqualTo("rampTo");
        assertThat(first.get("title").asText()).isEqualTo("ramp to 120 providers");
        assertThat(first.get("startSeconds").asLong()).isEqualTo(80);
        assertThat(first.get("expectedSeconds").asLong()).isEqualTo(7);
        assertThat(first.get("providers").asInt()).isEqualTo(120);
        assertThat(first.get("providersByClient").get(0).get("client").asText()).isEqualTo("1.4.1");
        assertThat(first.get("providersByClient").get(0).get("providers").asInt()).isEqualTo(120);
        assertThat(first.get("nodeVersions")).extracting(JsonNode::asText).containsExactly("1.4.1", "1.4.1", "1.4.1");
        JsonNode upgrade = phases.get(8);
        assertThat(upgrade.get("number").asInt()).isEqualTo(9);
        assertThat(upgrade.get("kind").asText()).isEqualTo("rollingServerUpgrade");
        assertThat(upgrade.get("nodeVersions")).extracting(JsonNode::asText).containsExactly("2.0.4", "2.0.4", "2.0.4");
        assertThat(phases.get(12).get("providersByClient")).hasSize(1);
        assertThat(phases.get(12).get("providersByClient").get(0).get("client").asText()).isEqualTo("2.0.4");
    }

    @Test
    void jsonOfAnInvalidExperimentIsItsErrorsAndExitTwo() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.yaml"), "name: bad\nphases:\n  - kind: hold\n    for: ever\n");
        assertThat(cli.run("plan", file.toString(), "--output", "json")).isEqualTo(2);

        JsonNode error = new ObjectMapper().readTree(cli.out()).get("error");
        assertThat(error.get("exitCode").asInt()).isEqualTo(2);
        assertThat(error.get("problems")).hasSize(2);
        assertThat(error.get("problems").get(0).get("field").asText()).isEqualTo("target");
        assertThat(error.get("problems").get(1).get("line").asInt()).isEqualTo(4);
        assertThat(error.get("problems").get(1).get("field").asText()).isEqualTo("phase 1.for");
        assertThat(error.get("problems").get(1).get("message").asText()).startsWith("'ever' is not a duration");
    }
}
