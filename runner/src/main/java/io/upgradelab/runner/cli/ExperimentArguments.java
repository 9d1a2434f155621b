package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.calibrate.Calibration;
import io.upgradelab.runner.calibrate.CalibrationFile;
import io.upgradelab.runner.calibrate.CalibrationKey;
import io.upgradelab.runner.calibrate.Fit;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The experiment file and its scale (given, or fitted to a calibration), as validate, plan, run and render take them. */
final class ExperimentArguments {

    @Parameters(index = "0", paramLabel = "EXPERIMENT",
            description = "The experiment file (YAML; its format is experiments/experiment.schema.json).")
    Path file;

    @Option(names = "--scale", paramLabel = "F",
            description = "Multiply every provider count by F instead of the file's own scale, e.g. 0.02"
                    + " to run a 14000-provider experiment with 280. More than 0.")
    Double scale;

    @Option(names = "--fit",
            description = "Scale the experiment to this machine: from the saved calibration of its target (upgrade-lab"
                    + " calibrate), so that its steps stand where the published ones stood against the capacity"
                    + " frontier of its first server version and client version. Not with --scale.")
    boolean fit;

    @Option(names = "--calibrations", paramLabel = "DIR",
            description = "With --fit: where calibrations are kept. Default: runs/calibrations.")
    Path calibrations;

    /** Reads, checks and plans the file (fitted with --fit); throws the invalid-input errors the CLI prints. */
    ValidatedExperiment load() {
        if (!fit) {
            return Experiments.load(file, scale);
        }
        if (scale != null) {
            throw LabException.invalidInput("--fit finds the scale itself: give --fit or --scale, not both");
        }
        ValidatedExperiment unscaled = Experiments.load(file, 1.0);
        Path directory = calibrations != null ? calibrations : CalibrationFile.defaultDirectory();
        CalibrationKey key = CalibrationKey.of(unscaled.experiment());
        Calibration calibration = CalibrationFile.find(directory, key).orElseThrow(() -> LabException.invalidInput(
                "--fit: no calibration of this target in " + directory + " (" + key.describe() + "): run"
                        + " upgrade-lab calibrate " + file + " first"));
        Fit fitted = Fit.of(unscaled, calibration);
        ValidatedExperiment valid = Experiments.load(file, fitted.scale());
        List<String> notes = new ArrayList<>(valid.notes());
        notes.add("fitted: " + fitted.reason() + " (" + CalibrationFile.of(directory, key) + ")");
        return new ValidatedExperiment(valid.file(), valid.experiment(), valid.timeline(), notes);
    }

    /** {@code ~1h 2m}, {@code ~9m}, {@code ~45s}: an estimate as a person reads it. */
    static String approximately(Duration d) {
        long seconds = d.toSeconds();
        if (seconds < 60) {
            return "~" + seconds + "s";
        }
        long minutes = Math.round(seconds / 60.0);
        return minutes < 60 ? "~" + minutes + "m" : "~" + minutes / 60 + "h " + minutes % 60 + "m";
    }
}
