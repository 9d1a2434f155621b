package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SignalSummary;
import io.upgradelab.reports.SummaryMarkdown;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team's own signals judged: a recorded run with signal samples put in its phases 2 and 3 (a gateway's error
 * rate, low in phase 2 and over the bound in 3; a health endpoint healthy in phase 2 and refusing in 3).
 */
class SignalCriteriaTest {


    @TempDir
    Path dir;

    @Test
    void aPrometheusFigureWithinItsBoundPassesAndOneBeyondItFailsNamingThePhase() throws Exception {
        Path run = runWithSignals();

        assertThat(judge(run, "  - kind: prometheus\n    signal: gateway-errors\n    atMost: 0.5\n    phases: [2]\n")
                .status()).isEqualTo(Verdict.Status.PASS);
        Gate failed = judge(run, "  - kind: prometheus\n    signal: gateway-errors\n    atMost: 0.5\n    phases: [2, 3]\n");
        Verdict verdict = failed.verdicts().get(1);

        assertThat(verdict.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(verdict.measured()).startsWith("4.2 (at most 0.5; exact; n 4 samples read of signal gateway-errors,"
                + " the worst in phase 3)").contains("beyond in phase 3");
        assertThat(verdict.kind()).isEqualTo("prometheus");
        assertThat(verdict.threshold()).isEqualTo(0.5);
        assertThat(verdict.phases()).containsExactly(2, 3);
    }

    @Test
    void anEndpointHealthyInEverySamplePassesAndOneThatRefusesFails() throws Exception {
        Path run = runWithSignals();

        assertThat(judge(run, "  - kind: http\n    signal: orders-health\n    phases: [2]\n").status())
                .isEqualTo(Verdict.Status.PASS);
        Verdict verdict = judge(run, "  - kind: http\n    signal: orders-health\n    phases: [3]\n").verdicts().get(1);

        assertThat(verdict.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(verdict.measured()).contains("under 100% in phase 3", "ConnectException");
    }

    @Test
    void aSignalTheRunDidNotSampleIsNeverAPass() throws Exception {
        Path run = runWithSignals();

        Verdict verdict = judge(run, "  - kind: prometheus\n    signal: nowhere\n    atLeast: 1\n    phases: [2]\n")
                .verdicts().get(1);

        assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.measured()).contains("no sample of signal nowhere in it (the run sampled gateway-errors,"
                + " orders-health)");
    }

    @Test
    void aPrometheusCriterionTakesOneBoundAndTheReportHasASignalsTable() throws Exception {
        assertThatThrownBy(() -> new PrometheusSignalBound("x", 1.0, 2.0, null)).hasMessageContaining("one bound");
        RunSummary summary = RunSummaries.of(JournalFile.read(runWithSignals()));

        assertThat(summary.signals()).extracting(SignalSummary::phase, SignalSummary::signal, SignalSummary::samples)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2, "gateway-errors", 2),
                        org.assertj.core.groups.Tuple.tuple(2, "orders-health", 2),
                        org.assertj.core.groups.Tuple.tuple(3, "gateway-errors", 2),
                        org.assertj.core.groups.Tuple.tuple(3, "orders-health", 2));
        assertThat(SummaryMarkdown.render(summary)).contains("### Signals", "| 3 | orders-health | http | 2 | **0** | - | - | - |"
                + " **0 of 2** |");
    }

    private Gate judge(Path run, String criteria) throws Exception {
        Path policy = Files.writeString(dir.resolve("policy-" + System.nanoTime() + ".yaml"), "criteria:\n" + criteria);
        return Gate.judge(run, PolicyFile.read(policy), null, dir.resolve("junit-" + System.nanoTime() + ".xml"));
    }

    /** The recorded run, two samples of each signal put after the start of phases 2 and 3, at its time. */
    private Path runWithSignals() throws Exception {
        return SignalSamples.run(dir, phaseStarted -> {
            int phase = phaseStarted.path("index").asInt();
            List<String> samples = new ArrayList<>();
            if (phase >= 2 && phase <= 3) {
                boolean broken = phase == 3;
                for (int i = 0; i < 2; i++) {
                    samples.add(SignalSamples.sample(phaseStarted, "gateway-errors", "prometheus", broken ? 4.2 - i : 0.1,
                            null, ""));
                    samples.add(SignalSamples.sample(phaseStarted, "orders-health", "http", broken ? null : 200.0, !broken,
                            broken ? "ConnectException" : ""));
                }
            }
            return samples;
        });
    }
}
