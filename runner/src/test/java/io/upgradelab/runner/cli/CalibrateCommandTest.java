package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.calibrate.Calibration;
import io.upgradelab.runner.calibrate.CalibrationFile;
import io.upgradelab.runner.calibrate.CalibrationKey;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code calibrate} and {@code --fit}, in-process, on a saved calibration: nothing is started. */
class CalibrateCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();
    private Path reference;

    @BeforeEach
    void fakeDistributions() throws IOException {
        FakeDistributions.layOut(dir.resolve("dist"), "1.4.1", "2.0.4");
        System.setProperty("upgradelab.servers", dir.resolve("dist").toString());
        reference = FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml");
    }

    @AfterEach
    void restore() {
        System.clearProperty("upgradelab.servers");
    }

    @Test
    void planFitsTheExperimentToTheSavedCalibrationAndSaysWhy() {
        save(dir.resolve("cal"));

        assertThat(cli.run("plan", reference.toString(), "--fit", "--calibrations", dir.resolve("cal").toString()))
                .as(cli.err()).isZero();

        assertThat(cli.out().lines().findFirst().orElseThrow()).endsWith("(scale 1.625)");
        assertThat(cli.err()).contains("fitted: 1.4.1/1.4.1 held 17500 and not 21000")
                .contains("step 10000 at 16250 (under) and step 14000 at 22750 (over)");
    }

    @Test
    void fitWithoutACalibrationOrWithAScaleIsRefused() {
        assertThat(cli.run("plan", reference.toString(), "--fit", "--calibrations", dir.resolve("none").toString()))
                .isEqualTo(2);
        assertThat(cli.err()).contains("no calibration of this target in").contains("upgrade-lab calibrate");
        cli.clear();

        assertThat(cli.run("run", reference.toString(), "--fit", "--scale", "2")).isEqualTo(2);
        assertThat(cli.err()).contains("give --fit or --scale, not both");
    }

    @Test
    void badStepsAndPairsAreRefusedBeforeAnythingStarts() {
        assertThat(cli.run("calibrate", reference.toString(), "--steps", "5000,3000")).isEqualTo(2);
        assertThat(cli.err()).contains("--steps must ascend");
        cli.clear();
        assertThat(cli.run("calibrate", reference.toString(), "--pairs", "1.4.1")).isEqualTo(2);
        assertThat(cli.err()).contains("a pair is SERVER_VERSION/CLIENT_VERSION, e.g. 1.4.1/1x or 2.3.2/2.3.2, not '1.4.1'");
        cli.clear();
        assertThat(cli.run("calibrate", reference.toString(), "--hold", "forever")).isEqualTo(2);
        assertThat(cli.err()).contains("--hold", "'forever' is no duration: e.g. 90s, 2m, 1m30s");
        cli.clear();
        assertThat(cli.run("calibrate", reference.toString(), "--hold", "7h")).isEqualTo(2);
        assertThat(cli.err()).contains("--hold takes a duration from 1s to 6h, not 7h");
    }

    @Test
    void aSavedCalibrationOfEveryPairIsReusedAndPrinted() {
        save(dir.resolve("cal"));

        assertThat(cli.run("calibrate", reference.toString(), "--out", dir.resolve("cal").toString())).isZero();

        assertThat(cli.err()).contains("reusing the calibration of 2026-11-23T20:00:00Z");
        assertThat(cli.out()).contains("1.4.1 with 1x: frontier 17500 (not 21000)")
                .contains("2.0.4 with 2x: held every step, frontier beyond 28000");
    }

    private void save(Path into) {
        CalibrationKey key = CalibrationKey.of(Experiments.load(reference, 1.0).experiment());
        CalibrationFile.write(into, new Calibration(key, "2026-11-23T20:00:00Z", 60, List.of(
                pair("1.4.1", "1x", 17500, 21000), pair("2.0.4", "1x", 21000, 28000), pair("2.0.4", "2x", 28000, 0))));
    }

    private static Calibration.PairCapacity pair(String server, String clients, int frontier, int unstable) {
        return new Calibration.PairCapacity(server, clients, frontier, unstable, List.of(
                new Calibration.Step(frontier, true, true, 0, frontier, List.of(50.0, 51.0, 49.0), 90.0, "valid")),
                "runs/calibrations/x");
    }
}
