package io.upgradelab.runner.cli;

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
}
