package io.upgradelab.runner.testing;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.experiment.ExperimentBinder;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A {@link Target} as a test means it: written as an experiment's {@code target:} section and bound
 * as the lab binds one, every field left out taking the default a user gets.
 */
public final class Targets {

    private Targets() {
    }

    /** {@code yaml}, a {@code target:} section's body, e.g. {@code "{backend: kubernetes, version: 2.0.4}"}. */
    public static Target of(String yaml) {
        try {
            return ExperimentBinder.mapper().treeToValue(new YAMLMapper().readTree(yaml), Target.class);
        } catch (IOException e) {
            throw new UncheckedIOException("not a target section: " + yaml, e);
        }
    }
}
