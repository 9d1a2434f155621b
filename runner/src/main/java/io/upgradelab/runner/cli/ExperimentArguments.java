package io.upgradelab.runner.cli;

import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The experiment file and the scale override, as validate and plan (and later run) take them. */
final class ExperimentArguments {

    @Parameters(index = "0", paramLabel = "EXPERIMENT",
            description = "The experiment file (YAML; its format is experiments/experiment.schema.json).")
    Path file;

    @Option(names = "--scale", paramLabel = "F",
            description = "Multiply every provider count by F instead of the file's own scale, e.g. 0.02"
                    + " to run a 14000-provider experiment with 280. More than 0.")
    Double scale;

    /** Reads, checks and plans the file; throws the invalid-input errors the CLI prints. */
    ValidatedExperiment load() {
        return Experiments.load(file, scale);
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
