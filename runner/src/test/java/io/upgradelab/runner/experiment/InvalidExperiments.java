package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The errors an experiment file is refused with, as the command line prints them, for tests of validation. */
final class InvalidExperiments {

    private InvalidExperiments() {
    }

    /** Loads {@code file}, which must be refused with exit 2, and returns its errors one per line. */
    static List<String> errors(Path file, NacosDistributions distributions) {
        return errors(() -> Experiments.load(file, null, distributions));
    }

    /** As above, against the client versions {@code clients}. */
    static List<String> errors(Path file, NacosDistributions distributions, ClientDistributions clients) {
        return errors(() -> Experiments.validate(ExperimentFile.read(file), null, distributions, clients));
    }

    private static List<String> errors(ThrowingCallable load) {
        InvalidExperimentException e = catchThrowableOfType(load, InvalidExperimentException.class);
        assertThat(e).as("an invalid experiment").isNotNull();
        assertThat(e.exitCode()).isEqualTo(2);
        return e.errors().stream().map(ExperimentError::toString).toList();
    }
}
