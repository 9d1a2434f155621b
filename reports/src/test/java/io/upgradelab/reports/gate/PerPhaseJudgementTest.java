package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.gate.Verdict.Status;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "In every phase" judges every phase: one phase at 75% success among long healthy ones fails "at least
 * 90% in every phase" (summed, the run's 36000 calls would hide its 250 failures), and a phase the configs
 * were not checked in leaves configIntact undecided, however intact the others were.
 */
class PerPhaseJudgementTest {

    @TempDir
    Path dir;

    @Test
    void aPhaseAtSeventyFivePercentFailsAtLeastNinetyInEveryPhaseThoughTheRunAsAWholeIsAbove() throws Exception {
        Path run = RecordedRuns.edited(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run"))),
                line -> true, line -> {
                    if ("probe".equals(line.path("type").asText()) && line.path("phase").asInt() == 14) {
                        ObjectNode calls = (ObjectNode) line.path("second").path("calls");
                        calls.put("success", 75).put("noProvider", 25);   // of 100 calls each second
                    }
                });
        RunSummary summary = RunSummaries.of(JournalFile.read(run));
        assertThat(summary.probe().successPercent()).as("the run as a whole").isGreaterThan(99.0);

        Verdict every = new ProbeSuccess(90, null).judge(summary);
        Verdict others = new ProbeSuccess(90, List.of("2", "9", "13")).judge(summary);

        assertThat(every.status()).isEqualTo(Status.FAIL);
        assertThat(every.measured()).isEqualTo("75 % (at least 90.0 %; 95 % CI 72.22 to 77.58 (Wilson); n 1000 calls in phase 14, the lowest): under 90.0% in phase 14");
        assertThat(others.status()).isEqualTo(Status.PASS);
        assertThat(others.measured()).startsWith("100 % (at least 90.0 %; 95 % CI 99.62 to 100 (Wilson); n 1000 calls in"
                + " phase 2, the lowest): 100.0% of ");
    }

    @Test
    void aPhaseWithoutAConfigCheckLeavesConfigIntactInconclusiveAndALossElsewhereStillFails() throws Exception {
        Path unchecked = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir.resolve("unchecked"),
                check -> {
                    if (check.path("phase").asInt() == 9) {   // the upgrade: every check still settling
                        check.put("checked", 0);
                    }
                }));
        Path lost = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir.resolve("lost"), check -> {
            if (check.path("phase").asInt() == 9) {
                check.put("checked", 0);
            }
            if (check.path("phase").asInt() == 14) {
                ((ObjectNode) check.path("nodes").get(1)).put("missing", 1).putArray("missingIds").add("lab-config-0007");
            }
        }));

        Verdict undecided = new ConfigIntact(null).judge(RunSummaries.of(JournalFile.read(unchecked)));
        Verdict failed = new ConfigIntact(null).judge(RunSummaries.of(JournalFile.read(lost)));

        assertThat(undecided.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(undecided.measured()).startsWith("not judged: phase 9: no config check judged a config on a node;"
                + " judged: ").contains(" checks in 13 phase(s): every node served all 50 configs as published");
        assertThat(failed.status()).isEqualTo(Status.FAIL);
        assertThat(failed.measured()).startsWith("1 findings (none allowed; exact; n 44 config checks): phase 14: node 2 (2.0.4) at ")
                .endsWith("; not judged: phase 9: no config check judged a config on a node");
    }
}
