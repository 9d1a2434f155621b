package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.PolicyFile;
import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a chat is told when a run ends, from a run the gate judged; and a webhook not set refuses the run up front. */
class RunNoticeTest {

    @TempDir
    Path dir;

    @Test
    void theNoticeIsTheGatesSentenceTheCriteriaNotMetAndWhereTheReportIs() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 120\n");
        GateResult gate = GateResult.of(Gate.judge(run, PolicyFile.read(policy), null, null));

        String text = RunNotice.text("nacos-1x-to-2x-ci", "completed", gate, run);

        assertThat(text.lines().toList()).containsExactly(
                "upgrade-lab: nacos-1x-to-2x-ci completed; gate FAIL: 1 of 2 criteria met, 1 not met",
                "- FAIL server upgrade finished within 120 s: 267 s (at most 120 s; exact; n 1 rolling server upgrade(s)):"
                        + " phase 9 done in 267 s",
                "report: " + run.resolve("report.html"));
        assertThat(RunNotice.text("x", "interrupted", GateResult.notGated(), run)).startsWith("upgrade-lab: x interrupted\n");
    }

    @Test
    void aWebhookWhoseVariableIsNotSetIsRefusedBeforeAnythingStarts() {
        InProcessCli cli = new InProcessCli();

        Path experiment = Path.of(System.getProperty("basedir", ".")).resolve("../experiments/nacos-1x-to-2x-ci.yaml")
                .normalize();
        assertThat(cli.run("run", experiment.toString(), "--notify", "env:UPGRADE_LAB_TEST_NO_SUCH_HOOK",
                "--out-dir", dir.resolve("never").toString())).isEqualTo(2);

        assertThat(cli.err()).contains("the environment variable UPGRADE_LAB_TEST_NO_SUCH_HOOK is not set");
        assertThat(dir.resolve("never")).doesNotExist();
    }
}
