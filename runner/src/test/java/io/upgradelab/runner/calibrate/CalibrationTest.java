package io.upgradelab.runner.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.calibrate.CalibrationPlan.Pair;
import io.upgradelab.runner.experiment.ExperimentFile;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What calibrate measures for the reference experiment, and how --fit scales it (the runs: docs/runs/). */
class CalibrationTest {

    private static final Path REFERENCE = Path.of("..", "experiments", "nacos-1x-to-2x.yaml");

    @TempDir
    Path dir;

    @Test
    void theReferenceExperimentRunsThreePairsAndStepsToTwiceItsPeak() {
        ValidatedExperiment valid = reference();

        assertThat(CalibrationPlan.pairs(valid)).containsExactly(new Pair("1.4.1", "1.4.1"), new Pair("2.0.4", "1x"),
                new Pair("2.0.4", "2.0.4"));
        assertThat(new Pair("2.0.4", "2x")).hasToString("2.0.4/2.0.4");
        assertThat(Pair.parse("2.3.2/2.5.1")).isEqualTo(new Pair("2.3.2", "2.5.1"));
        assertThat(CalibrationPlan.defaultSteps(valid)).containsExactly(3500, 7000, 10500, 14000, 17500, 21000, 28000);
    }

    @Test
    void eachPairIsAnOrdinaryExperimentOfRampSettleAndHoldPerStep() throws Exception {
        String yaml = CalibrationPlan.experimentYaml(ExperimentFile.read(REFERENCE).tree(), new Pair("2.0.4", "2x"),
                List.of(1000, 2000), Duration.ofMinutes(2), Duration.ofSeconds(90));
        Path file = Files.writeString(dir.resolve("pair.yaml"), yaml);

        ValidatedExperiment pair = Experiments.load(file, null, NacosDistributions.scan(dir));

        assertThat(pair.experiment().name()).isEqualTo("nacos-1x-to-2x-calibrate-2.0.4-2.0.4");
        assertThat(pair.experiment().target().version()).isEqualTo("2.0.4");
        assertThat(pair.experiment().fleet().client()).as("the shorthand as its version").isEqualTo("2.0.4");
        assertThat(pair.experiment().fleet().generation()).as("the reference file's generation: 1x, replaced").isNull();
        assertThat(pair.experiment().abortWhen()).isEmpty();
        assertThat(pair.timeline().phases()).extracting(p -> p.kind()).containsExactly("rampTo", "waitUntil", "hold",
                "rampTo", "waitUntil", "hold");
        assertThat(pair.timeline().phases().get(5).providers()).isEqualTo(2000);
    }

    @Test
    void theFitPutsTheSecondStepUnderTheFrontierAndTheTopStepOverIt() {
        Fit fit = Fit.of(reference(), calibration(17500, 21000));

        // top 14000 * s >= 21000 and second 10000 * s <= 17500: s in [1.5, 1.75]
        assertThat(fit.scale()).isEqualTo(1.625);
        assertThat(fit.reason()).as("a calibration saved with 1x still fits").contains("1.4.1/1.4.1 held 17500 and not 21000")
                .contains("step 10000 at 16250 (under) and step 14000 at 22750 (over)");
    }

    @Test
    void stepsTooCoarseForBothKeepTheLowerStepsUnderTheFrontier() {
        Fit fit = Fit.of(reference(), calibration(7000, 14000));

        assertThat(fit.scale()).isEqualTo(0.7);
        assertThat(fit.reason()).contains("too coarse");
    }

    @Test
    void aFrontierNotFoundOrAPairNotMeasuredIsAClearError() {
        assertThatThrownBy(() -> Fit.of(reference(), calibration(28000, 0)))
                .isInstanceOf(LabException.class).hasMessageContaining("held every step of the calibration up to 28000");
        Calibration other = new Calibration(calibration(1, 2).key(), "then", 60, List.of());
        assertThatThrownBy(() -> Fit.of(reference(), other))
                .isInstanceOf(LabException.class).hasMessageContaining("no frontier for 1.4.1/1.4.1");
    }

    @Test
    void aCalibrationIsSavedUnderItsKeyAndFoundAgain() {
        Calibration calibration = calibration(17500, 21000);

        CalibrationFile.write(dir, calibration);

        assertThat(CalibrationFile.find(dir, calibration.key())).contains(calibration);
        assertThat(CalibrationFile.find(dir, CalibrationKey.of(reference().experiment().withScale(2))))
                .as("the same target and machine: the same key").isPresent();
    }

    private ValidatedExperiment reference() {
        return Experiments.load(REFERENCE, 1.0, NacosDistributions.scan(dir));
    }

    private Calibration calibration(int frontier, int firstUnstable) {
        Calibration.Step step = new Calibration.Step(frontier, true, true, 0, frontier, List.of(50.0, 51.0, 52.0),
                99.0, "valid");
        return new Calibration(CalibrationKey.of(reference().experiment()), "2026-11-23T20:00:00Z", 60, List.of(
                new Calibration.PairCapacity("1.4.1", "1x", frontier, firstUnstable, List.of(step), "runs/x")));
    }
}
