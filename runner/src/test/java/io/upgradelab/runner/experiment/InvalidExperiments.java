package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.util.List;

/** The errors an experiment file is refused with, as the command line prints them, for tests of validation. */
final class InvalidExperiments {

    private InvalidExperiments() {
    }

    /** Loads {@code file}, which must be refused with exit 2, and returns its errors one per line. */
    static List<String> errors(Path file, NacosDistributions distributions) {
        InvalidExperimentException e = catchThrowableOfType(() -> Experiments.load(file, null, distributions),
                InvalidExperimentException.class);
        assertThat(e).as("an invalid experiment").isNotNull();
        assertThat(e.exitCode()).isEqualTo(2);
        return e.errors().stream().map(ExperimentError::toString).toList();
    }
}
