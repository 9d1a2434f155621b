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
 * Each rule that leaves a criterion INCONCLUSIVE ({@link Evidence}), on the recorded CI-size run made to
 * show it: a phase whose load was flagged, a run that failed on the lab's limit, a phase the run never
 * reached, and thin evidence (probe seconds missing, no probe call, too few node samples). Thin evidence
 * is never a PASS, and the lab's limits never read as Nacos's failure; a failure in a phase that could be
 * judged still fails.
 */
class InconclusiveTest {

    /** CpuP95 judged on a summary alone (no samples read): its figure and n, without an interval. */
    private static final String CPU_9 = "73.3 % (at most 50.0 %; no 95 % interval: samples not read; n 47 CPU samples"
            + " of node 3 in phase 9, the highest p95)";
    private static final String CPU_14 = "16.4 % (at most 50.0 %; no 95 % interval: samples not read; n 3 CPU samples"
            + " of node 3 in phase 14, the highest p95)";


    @TempDir
    Path dir;

    /** Phase 9 (the rolling server upgrade, CPU p95 up to 73.3%) with its 1.x clients at 30% of their beats. */
    @Test
    void aPhaseWhoseLoadWasFlaggedLeavesEveryCriterionOverItInconclusiveWhateverItsFigures() throws Exception {
        RunSummary run = summary(RecordedRuns.ciSizeRunWithLoad(9, 0.3, dir.resolve("run")));
        String flagged = "phase 9: load flagged: 1.x clients delivered 30% of their nominal beats";

        Verdict cpu = new CpuP95(50, List.of("9", "14")).judge(run);
        assertThat(cpu.status()).as(cpu.measured()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(cpu.measured()).isEqualTo("not judged: " + flagged + " (there: " + CPU_9 + "); judged: " + CPU_14);
        Verdict probe = new ProbeSuccess(99, List.of("9")).judge(run);
        assertThat(probe.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(probe.measured()).isEqualTo("not judged: " + flagged + " (there: 100 % (at least 99.0 %; 95 % CI 99.99 to"
                + " 100 (Wilson); n 26700 calls in phase 9, the lowest): 100.0% of 26700 calls in 1 phase(s))");

        Verdict load = new LoadValid(List.of("9")).judge(run);
        assertThat(load.status()).as("the lab's limit, not Nacos's failure").isEqualTo(Status.INCONCLUSIVE);
        assertThat(load.measured()).isEqualTo("1 phases flagged (none allowed; exact; n 1 phases): phase 9: 1.x clients delivered 30% of their nominal beats");

        Verdict fails = new CpuP95(10, List.of("9", "14")).judge(run);
        assertThat(fails.status()).as("a failure where the load was valid still fails").isEqualTo(Status.FAIL);
        assertThat(fails.measured()).isEqualTo(CPU_14.replace("at most 50.0", "at most 10.0") + "; not judged: " + flagged
                + " (there: " + CPU_9.replace("at most 50.0", "at most 10.0") + ")");
    }

    @Test
    void aRunThatFailedWhereTheLoadWasNotValidIsInconclusiveAndWhereItWasFails() throws Exception {
        String why = "the fleet is still busy within 195 s: 60 of 120 providers";
        Path starved = RecordedRuns.failedIn(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("starved"))),
                7, why, null);
        RecordedRuns.edited(starved, line -> true, line -> {
            if ("machine".equals(line.path("observer").asText()) && line.path("phase").asInt() == 7) {
                line.put("idlePercent", 1.0);
            }
        });
        Path healthy = RecordedRuns.failedIn(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("healthy"))),
                7, why, null);
        Policy policy = new Policy("p", List.of(new NoProviderErrors(0, List.of("7", "14"))));

        List<Verdict> lab = policy.judge(summary(starved), null);
        List<Verdict> nacos = policy.judge(summary(healthy), null);

        assertThat(lab.get(0).status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(lab.get(0).measured()).isEqualTo("the run failed in phase 7 (scale down to 120 providers): " + why
                + "; nothing after it was measured; phase 7's load flagged: the machine had 1% idle CPU: the lab was"
                + " the limit, not necessarily Nacos");
        assertThat(nacos.get(0).status()).as("valid load: the run's failure is Nacos's").isEqualTo(Status.FAIL);
        // phase 14 was planned but not reached: not measured, not a typo
        assertThat(nacos.get(1).status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(nacos.get(1).measured()).isEqualTo("not judged: phase 14: not reached, the run stopped before it;"
                + " judged: 0 no-provider errors (at most 0; exact; n 1000 calls)");
        assertThat(new NoProviderErrors(0, List.of("15")).judge(summary(healthy)).status()).as("a typo still fails")
                .isEqualTo(Status.FAIL);
    }

    @Test
    void aFailureTheJournalMarksAsTheLabsOwnIsInconclusive() throws Exception {
        Path run = RecordedRuns.failedIn(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run"))), 1,
                "the fleet made no progress for 60 s: 4883 of 6000 providers", "lab");

        Verdict completed = new Policy("p", List.of()).judge(summary(run), null).get(0);

        assertThat(completed.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(completed.measured()).endsWith("; the lab's own work stopped advancing (cause: lab): the lab's limit,"
                + " not Nacos's failure");
        assertThat(summary(run).phases().get(0).cause()).isEqualTo("lab");
    }

    @Test
    void aPhaseWithProbeSecondsMissingOrNoProbeCallIsTooThinForTheProbesCriteria() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
        int[] seconds = {0};
        RecordedRuns.edited(run, line -> !"probe".equals(line.path("type").asText())    // phase 9 lost every other second
                || line.path("phase").asInt() != 9 || seconds[0]++ % 2 == 0, line -> {
                    if ("probe".equals(line.path("type").asText()) && line.path("phase").asInt() == 2) {
                        ((ObjectNode) line.path("second").path("calls")).put("success", 0);   // phase 2: none ended
                    }
                });

        RunSummary summary = summary(run);
        Verdict upgrade = new ProbeSuccess(90, List.of("9")).judge(summary);
        Verdict hold = new NoProviderErrors(0, List.of("2")).judge(summary);

        assertThat(upgrade.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(upgrade.measured()).matches("not judged: phase 9: probe seconds cover 13\\d of its 267 s \\(under 80%\\)");
        assertThat(hold.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(hold.measured()).isEqualTo("not judged: phase 2: no probe call ended in it");
        assertThat(new ProbeSuccess(90, List.of("14")).judge(summary).status()).as("a phase with its seconds")
                .isEqualTo(Status.PASS);
    }

    /** The CI-size run's ramps are short: phase 5 and 11 have one sample of each node. */
    @Test
    void aPhaseWithTooFewSamplesOfANodeIsTooThinForFlappingAndCpu() throws Exception {
        RunSummary run = summary(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run"))));

        Verdict flapping = new Flapping(0, List.of("5", "14")).judge(run);
        Verdict cpu = new CpuP95(90, List.of("11")).judge(run);

        assertThat(flapping.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(flapping.measured()).isEqualTo("not judged: phase 5: node 1 answered 1 instance-count sample(s)"
                + " (under 3); judged: 0 flapping events (at most 0; exact; n 3 instance-count samples)");
        assertThat(cpu.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(cpu.measured()).isEqualTo("not judged: phase 11: node 1 has 1 CPU sample(s) (under 3)");
        assertThat(new Flapping(0, List.of("14")).judge(run).status()).as("3 samples of each node").isEqualTo(Status.PASS);
    }

    @Test
    void aGateIsFailWhenAnyCriterionFailsElseInconclusiveWhenAnyIsElsePass() throws Exception {
        Path run = RecordedRuns.ciSizeRun(dir.resolve("run"));   // as recorded: load not measured in any phase
        Gate inconclusive = Gate.judge(run, new Policy("p", List.of(new ProbeSuccess(99, null),
                new UpgradeWithin(900), new InstanceLossAtEnd(0))), null, dir.resolve("a.xml"));
        Gate failed = Gate.judge(run, new Policy("p", List.of(new ProbeSuccess(99, null),
                new BenchmarkTps(1.0, null), new Flapping(0, List.of("99")))), null, dir.resolve("b.xml"));

        assertThat(inconclusive.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(inconclusive.verdicts()).extracting(Verdict::status)
                .containsExactly(Status.PASS, Status.INCONCLUSIVE, Status.PASS, Status.PASS);
        assertThat(inconclusive.verdicts().get(1).measured())
                .startsWith("not judged: phases 1-12, 14: load not measured (no machine sample) (there: 100 % (at least 99.0 %;")
                .contains("; phase 13: load flagged: 1.x clients delivered 12.8% of their nominal beats (there: ");
        assertThat(inconclusive.summary()).isEqualTo("3 of 4 criteria met, 1 inconclusive");
        assertThat(GateResult.of(inconclusive).word()).isEqualTo("INCONCLUSIVE");
        assertThat(failed.status()).isEqualTo(Status.FAIL);
        assertThat(failed.summary()).isEqualTo("1 of 4 criteria met, 1 not met, 2 inconclusive");
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run));
    }
}
