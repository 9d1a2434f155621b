package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code prometheus} criterion against a baseline phase of the same run: a recorded run with a gateway's latency
 * put in phase 2 (the steady hold before the load grows: 40 and 41 ms), phase 3 (45 and 48) and phase 4 (30 and 39),
 * and a throughput in phase 2 (100, 90) and phase 3 (80, 95).
 */
class PrometheusBaselineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aPhaseWithinTheRatioOfTheBaselinesHighestPassesWithTheComputedBound() throws Exception {
        Verdict verdict = judge("  - kind: prometheus\n    signal: latency\n    baselinePhases: [2]\n"
                + "    atMostRatio: 1.2\n    phases: [3, 4]\n");

        assertThat(verdict.status()).isEqualTo(Verdict.Status.PASS);
        assertThat(verdict.criterion()).isEqualTo("signal latency at most 1.2 x its highest in phase 2, in phases 3, 4");
        assertThat(verdict.measured()).startsWith("48 (at most 49.2 = 1.2 x 41; exact; n 4 samples read of signal"
                + " latency, the worst in phase 3)").contains("within in 2 phase(s)",
                "baseline: 41, the highest of 2 sample(s) read in phase 2");
        assertThat(verdict.value()).isEqualTo(48.0);
        assertThat(verdict.threshold()).isEqualTo(49.2);
        assertThat(verdict.comparison()).isEqualTo("atMost");
        assertThat(verdict.phases()).containsExactly(3, 4);
    }

    @Test
    void aPhaseBeyondTheRatioFailsNamingItAndTheGatesJsonCarriesTheBound() throws Exception {
        Verdict verdict = judge("  - kind: prometheus\n    signal: latency\n    baselinePhases: [2, 4]\n"
                + "    atMostRatio: 1.1\n    phases: [3, 4]\n");

        // the baseline is the highest of phases 2 and 4, 41; 1.1 x 41 = 45.1, and phase 3 reached 48
        assertThat(verdict.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(verdict.measured()).contains("at most 45.1 = 1.1 x 41", "beyond in phase 3");
        JsonNode json = JSON.valueToTree(verdict);
        assertThat(json.path("kind").asText()).isEqualTo("prometheus");
        assertThat(json.path("verdict").asText()).isEqualTo("FAIL");
        assertThat(json.path("value").asDouble()).isEqualTo(48.0);
        assertThat(json.path("unit").asText()).isEmpty();
        assertThat(json.path("threshold").asDouble()).isEqualTo(45.1);
        assertThat(json.path("phases")).extracting(JsonNode::asInt).containsExactly(3, 4);
    }

    @Test
    void aThroughputIsHeldToAtLeastTheRatioOfTheBaselinesLowest() throws Exception {
        String criterion = "  - kind: prometheus\n    signal: throughput\n    baselinePhases: [2]\n    atLeastRatio: %s\n"
                + "    phases: [3]\n";

        Verdict passed = judge(criterion.formatted("0.8"));
        Verdict failed = judge(criterion.formatted("0.9"));

        assertThat(passed.status()).isEqualTo(Verdict.Status.PASS);
        assertThat(passed.measured()).startsWith("80 (at least 72 = 0.8 x 90;");
        assertThat(failed.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(failed.comparison()).isEqualTo("atLeast");
        assertThat(failed.threshold()).isEqualTo(81.0);
    }

    @Test
    void aBaselinePhaseWithoutASampleReadIsNeverAPass() throws Exception {
        Verdict none = judge("  - kind: prometheus\n    signal: latency\n    baselinePhases: [1]\n    atMostRatio: 5\n"
                + "    phases: [3]\n");
        Verdict unread = judge("  - kind: prometheus\n    signal: unread\n    baselinePhases: [2]\n    atMostRatio: 5\n"
                + "    phases: [3]\n");

        assertThat(none.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(none.measured()).startsWith("no baseline to judge against: phase 1: no sample of signal latency in it");
        assertThat(unread.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(unread.measured()).contains("no baseline to judge against: phase 2: no sample of signal unread was"
                + " read in it (timeout)");
    }

    @Test
    void aBaselinePhaseThatNamesNoPhaseFails() throws Exception {
        Verdict verdict = judge("  - kind: prometheus\n    signal: latency\n    baselinePhases: [stedy]\n"
                + "    atMostRatio: 1.2\n    phases: [3]\n");

        assertThat(verdict.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(verdict.measured()).startsWith("baselinePhases: no phase of the run is stedy");
        Path policy = Files.writeString(dir.resolve("named.yaml"), "criteria:\n  - kind: prometheus\n    signal: a\n"
                + "    baselinePhases: [stedy]\n    atMostRatio: 1.2\n");
        assertThat(PolicyFile.phasesMatchingNone(policy, List.of("rampTo", "hold"))).containsExactly(policy
                + ":4: criteria[0].baselinePhases[0]: no phase of the run is stedy (it has phases 1 to 2: rampTo, hold)");
    }

    @Test
    void boundsThatDoNotMakeOneFormAreRefusedAtTheirField() throws Exception {
        Map<String, String> refused = Map.of(
                "    atMost: 1\n    atMostRatio: 1.2\n    baselinePhases: [2]\n",
                ":5: criteria[0].atMostRatio: give one bound: atMost, atLeast, or baselinePhases with atMostRatio or"
                        + " atLeastRatio: atMost is a fixed bound and atMostRatio one against a baseline phase",
                "    atMostRatio: 1.2\n",
                ":4: criteria[0].atMostRatio: a ratio needs baselinePhases",
                "    baselinePhases: [2]\n",
                ":4: criteria[0].baselinePhases: a baseline needs atMostRatio (an error rate, a latency) or atLeastRatio",
                "    baselinePhases: [2]\n    atMostRatio: 1.2\n    atLeastRatio: 0.8\n",
                ":6: criteria[0].atLeastRatio: give one ratio: atMostRatio or atLeastRatio, not both",
                "    phases: [3]\n",
                ":2: criteria[0]: give one bound: atMost, atLeast, or baselinePhases with atMostRatio or atLeastRatio",
                "    baselinePhases: []\n    atMostRatio: 1.2\n",
                ":4: criteria[0].baselinePhases: an empty list selects no phase: name phases, or name the phase(s) the"
                        + " ratio is against",
                "    baselinePhases: [2]\n    atMostRatio: 0\n",
                ":5: criteria[0].atMostRatio: 0 is out of range: it must be above 0");
        for (Map.Entry<String, String> bounds : refused.entrySet()) {
            Path policy = Files.writeString(dir.resolve("policy-" + System.nanoTime() + ".yaml"),
                    "criteria:\n  - kind: prometheus\n    signal: latency\n" + bounds.getKey());
            assertThatThrownBy(() -> PolicyFile.read(policy)).as(bounds.getKey())
                    .hasMessageStartingWith(policy + bounds.getValue());
        }
        assertThatThrownBy(() -> new PrometheusSignalBound("x", 1.0, 2.0, null)).hasMessageContaining("one bound");
    }

    private Verdict judge(String criteria) throws Exception {
        Path policy = Files.writeString(dir.resolve("policy-" + System.nanoTime() + ".yaml"), "criteria:\n" + criteria);
        return Gate.judge(run(), PolicyFile.read(policy), null, dir.resolve("junit-" + System.nanoTime() + ".xml"))
                .verdicts().get(1);
    }

    /** The recorded run with latency and throughput samples put at the start of phases 2 to 4, and a signal not read in phase 2 (read in 3). */
    private Path run() throws Exception {
        Map<Integer, double[]> latency = Map.of(2, new double[] {40, 41}, 3, new double[] {45, 48}, 4,
                new double[] {30, 39});
        Map<Integer, double[]> throughput = Map.of(2, new double[] {100, 90}, 3, new double[] {80, 95});
        return SignalSamples.run(dir, phaseStarted -> {
            int phase = phaseStarted.path("index").asInt();
            List<String> samples = new ArrayList<>();
            for (double value : latency.getOrDefault(phase, new double[0])) {
                samples.add(SignalSamples.sample(phaseStarted, "latency", "prometheus", value, null, ""));
            }
            for (double value : throughput.getOrDefault(phase, new double[0])) {
                samples.add(SignalSamples.sample(phaseStarted, "throughput", "prometheus", value, null, ""));
            }
            if (phase == 2 || phase == 3) {
                samples.add(SignalSamples.sample(phaseStarted, "unread", "prometheus", phase == 2 ? null : 1.0, null,
                        phase == 2 ? "timeout" : ""));
            }
            return samples;
        });
    }
}
