package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SummaryMarkdown;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * configIntact on the recorded CI-size run with config checks beside its samples: it passes when
 * every check found every config on every node and every listener up to date, fails naming the
 * phase, node, time and config when one went missing or a listener fell behind, and never passes
 * with nothing measured. The recorded run predates the machine observer: its copies here have their load
 * measured, as runs record it now.
 */
class ConfigIntactTest {

    @TempDir
    Path dir;

    @Test
    void passesWhenEveryCheckFoundEveryConfigAndEveryListenerUpToDate() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir, check -> { })));

        Verdict verdict = new ConfigIntact(null).judge(run);

        assertThat(verdict.passed()).as(verdict.measured()).isTrue();
        assertThat(verdict.measured()).matches("\\d+ findings \\(none allowed; exact; n \\d+ config checks\\): \\d+ checks in 14 phase\\(s\\): every node served all 50 configs"
                + " as published; listeners 1x \\(1\\.4\\.1\\) up to date after \\d+ change\\(s\\), 2x \\(2\\.0\\.4\\) up"
                + " to date after 0 change\\(s\\)");
        assertThat(run.phases().get(0).configs().listeners()).extracting(l -> l.generation() + " " + l.checks())
                .as("2x is off until the servers run 2.x").contains("2x 0");
    }

    @Test
    void failsNamingThePhaseNodeTimeAndConfigAnUpgradeLost() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir, check -> {
            if (check.path("phase").asInt() >= 10) {   // after the server upgrade (phase 9), node 2 lost one
                ObjectNode node2 = (ObjectNode) check.path("nodes").get(1);
                node2.put("missing", 1).putArray("missingIds").add("lab-config-0007");
            }
        })));

        Verdict all = new ConfigIntact(null).judge(run);
        Verdict beforeTheLoss = new ConfigIntact(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9")).judge(run);

        assertThat(all.passed()).isFalse();
        assertThat(all.measured()).startsWith("5 findings (none allowed; exact; n 97 config checks): phase 10: node 2 (2.0.4) at ")
                .contains(" s: 1 missing (lab-config-0007); phase 11: node 2 (2.0.4) at ");
        assertThat(beforeTheLoss.passed()).as(beforeTheLoss.measured()).isTrue();
        assertThat(run.phases().get(9).configs().maxMissing()).isEqualTo(1);
        assertThat(SummaryMarkdown.render(run)).contains("### Configs",
                "**node 2 (2.0.4) at 422 s: 1 missing (lab-config-0007)**");
    }

    @Test
    void failsWhenAListenerMissedTheLastChange() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir, check -> {
            if (check.path("phase").asInt() == 14) {
                ObjectNode twoX = (ObjectNode) check.path("listeners").get(1);
                twoX.put("behind", 2).putArray("behindIds").add("lab-config-0001").add("lab-config-0002");
            }
        })));

        Verdict verdict = new ConfigIntact(List.of("rollingClientUpgrade", "14")).judge(run);

        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.measured()).startsWith("1 findings (none allowed; exact; n 17 config checks): phase 14: listener 2x (2.0.4) at ")
                .endsWith(" s: 2 not at the last change (lab-config-0001, lab-config-0002)");
    }

    @Test
    void neverPassesWithNothingMeasured() throws Exception {
        RunSummary withoutConfigs = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("plain"))));
        RunSummary allPending = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithConfigChecks(dir,
                check -> check.put("checked", 0))));

        Verdict noSection = new ConfigIntact(null).judge(withoutConfigs);
        Verdict nothingSettled = new ConfigIntact(null).judge(allPending);

        assertThat(noSection.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(noSection.measured()).isEqualTo("not judged: phases 1-14: no config check (the experiment has no"
                + " configs section)");
        assertThat(nothingSettled.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(nothingSettled.measured()).isEqualTo("not judged: phases 1-14: no config check judged a config on"
                + " a node");
        assertThat(SummaryMarkdown.render(withoutConfigs)).doesNotContain("Configs");
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run.resolve("journal.jsonl")));
    }
}
