package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.reports.RecordedRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code baseline} criterion judged on the CI-size run's journal (its load measured and valid, as in
 * {@link GateTest}) against itself, against its copy on a registry that costs 1.5 x the CPU, and against a
 * run of another experiment: each figure from its samples ({@link io.upgradelab.reports.FigureShift}).
 */
class BaselineTest {

    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
    }

    @Test
    void aRunAgainstItselfPassesShowingTheFigureNearestItsMinimumEffectWithItsIntervalAndSamples() throws Exception {
        Gate gate = Gate.judge(run, policy("""
                  - kind: baseline
                """), run, dir.resolve("same.xml"));

        Verdict verdict = gate.verdicts().get(1);
        assertThat(verdict.status()).as(verdict.measured()).isEqualTo(Verdict.Status.PASS);
        assertThat(verdict.criterion()).isEqualTo("no figure (p99, success, cpu, instances) worse than the baseline's"
                + " by its minimum effect in every phase");
        assertThat(verdict.measured()).startsWith("none worse, of ").contains(" same, ", " too thin to judge (phase ",
                "nearest its minimum effect: phase ", ": 0 [95 % ", "], minimum effect ", " is worse), n ", ", p ")
                .doesNotContain("worse:", "better");
        assertThat(verdict.seconds()).as("the phases judged: every one").isPositive();
        assertThat(gate.passed()).isTrue();
    }

    @Test
    void aRunCostingOneAndAHalfTimesTheCpuFailsNamingPhaseFigureShiftIntervalSamplesAndP() throws Exception {
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("costlier")));

        Gate gate = Gate.judge(costlier, policy("""
                  - kind: baseline
                    phases: [rollingClientUpgrade, 14]
                """), run, dir.resolve("worse.xml"));

        Verdict verdict = gate.verdicts().get(1);
        assertThat(verdict.status()).as(verdict.measured()).isEqualTo(Verdict.Status.FAIL);
        String worse = verdict.measured().substring(0, verdict.measured().indexOf("; of "));
        assertThat(worse).startsWith("worse: phase 13 CPU node 1 %: +").contains("[95 % +", "], minimum effect ",
                "(higher is worse), n 14 / 14, p ").doesNotContain("probe", "instances");
        assertThat(verdict.measured()).contains("; of 16 figures: 3 worse, ");
        assertThat(gate.status()).isEqualTo(Verdict.Status.FAIL);
    }

    /** With this machine's noise floor, a worse CPU within it cannot be told from noise: INCONCLUSIVE, not FAIL. */
    @Test
    void aWorseFigureWithinTheNoiseFloorIsInconclusiveAndOneBeyondItFails() throws Exception {
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("costlier")));

        Verdict withinNoise = Gate.judge(costlier, policy("""
                  - kind: baseline
                    figures: [cpu]
                    phases: [rollingClientUpgrade, 14]
                    noise: {cpu: 1000}
                """), run, dir.resolve("noisy.xml")).verdicts().get(1);
        Verdict beyondNoise = Gate.judge(costlier, policy("""
                  - kind: baseline
                    figures: [cpu]
                    phases: [rollingClientUpgrade, 14]
                    noise: {cpu: 0.5}
                """), run, dir.resolve("quiet.xml")).verdicts().get(1);

        assertThat(withinNoise.status()).as(withinNoise.measured()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(withinNoise.measured()).startsWith("worse, but within this machine's noise: phase 13 CPU node 1 %: +")
                .contains(", noise floor 1000 (higher is worse)");
        assertThat(beyondNoise.status()).as(beyondNoise.measured()).isEqualTo(Verdict.Status.FAIL);
        assertThat(beyondNoise.measured()).startsWith("worse: phase 13 CPU node 1 %: +").contains(", noise floor 0.5 (");
    }

    /** A pass that asks for a smaller change than the lab can see says so instead of passing. */
    @Test
    void aMinimumEffectUnderTheNoiseFloorCannotPass() throws Exception {
        Verdict verdict = Gate.judge(run, policy("""
                  - kind: baseline
                    figures: [cpu, p99]
                    noise: {cpu: 50, p99: 0}
                """), run, dir.resolve("unseen.xml")).verdicts().get(1);

        assertThat(verdict.status()).as(verdict.measured()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).startsWith("the lab cannot see effects this small here: cpu: minimum effect 5"
                + " under the noise floor 50 (repeats here differ by that much); judged: none worse").doesNotContain("p99:");
    }

    @Test
    void theFiguresSelectedAreTheOnlyOnesJudged() throws Exception {
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("costlier")));

        Gate gate = Gate.judge(costlier, policy("""
                  - kind: baseline
                    figures: [p99, success, instances]
                    phases: [rollingClientUpgrade, 14]
                """), run, dir.resolve("other.xml"));

        Verdict verdict = gate.verdicts().get(1);
        assertThat(verdict.status()).as(verdict.measured()).isEqualTo(Verdict.Status.PASS);
        assertThat(verdict.criterion()).startsWith("no figure (p99, success, instances) worse");
        assertThat(verdict.measured()).doesNotContain("CPU");
    }

    @Test
    void figuresWithTooFewSamplesAreNeverAPassWhenTheyAreAllThereIs() throws Exception {
        Path costlier = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithCpuTimes(1.5, dir.resolve("costlier")));

        Verdict verdict = Gate.judge(costlier, policy("""
                  - kind: baseline
                    figures: [cpu]
                    phases: [1]
                """), run, dir.resolve("thin.xml")).verdicts().get(1);

        assertThat(verdict.status()).as(verdict.measured()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("every selected figure has too few samples (under 3 a side, or too"
                + " few for a 95 % interval): phase 1 CPU node 1 % n 2 / 2, phase 1 CPU node 2 % n 2 / 2, phase 1 CPU"
                + " node 3 % n 2 / 2");
    }

    @Test
    void phasesThatDoNotPairOrWhoseLoadWasNotValidAreNotJudgedAndLeaveItInconclusive() throws Exception {
        Path unmeasured = RecordedRuns.ciSizeRun(dir.resolve("unmeasured"));   // the recording: no machine samples

        Verdict againstUnmeasured = Gate.judge(run, policy("""
                  - kind: baseline
                """), unmeasured, dir.resolve("a.xml")).verdicts().get(1);

        assertThat(againstUnmeasured.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(againstUnmeasured.measured()).startsWith("no phase selected pairs with the baseline's and can be"
                + " judged; not judged: phases ").contains("the baseline's load");
    }

    @Test
    void withoutItsSamplesOrABaselineItIsInconclusiveAndAGateWithoutABaselineIsRefused() throws Exception {
        Baseline criterion = new Baseline(null, null);
        Policy policy = policy("""
                  - kind: baseline
                """);

        assertThat(criterion.judge(Subject.of(null)).status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(criterion.judge(Subject.of(null)).measured()).contains("--baseline RUN_DIR");
        assertThat(policy.needsBaseline()).isTrue();
        assertThat(policy.readsSamples()).isTrue();
        assertThatThrownBy(() -> Gate.judge(run, policy, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseline");
    }

    @Test
    void aFigureTheLabDoesNotKnowOrAnEmptyListIsRefusedAtItsLineWithTheNearestName() throws Exception {
        Path typo = Files.writeString(dir.resolve("typo.yaml"), """
                criteria:
                  - kind: baseline
                    figures: [p99, cpus]
                  - kind: baseline
                    figures: []
                """);

        assertThatThrownBy(() -> PolicyFile.read(typo)).isInstanceOf(PolicyFile.InvalidPolicyException.class)
                .hasMessage(typo + ":3: criteria[0].figures[1]: unknown figure 'cpus'; did you mean 'cpu'? (the lab"
                        + " knows: p99, success, cpu, instances)\n" + typo + ":5: criteria[1].figures: an empty list"
                        + " selects no figure: name figures, or leave figures out to judge all (p99, success, cpu,"
                        + " instances)");
    }

    private Policy policy(String criteria) throws Exception {
        Path file = Files.createTempFile(dir, "policy", ".yaml");
        return PolicyFile.read(Files.writeString(file, "criteria:\n" + criteria));
    }
}
