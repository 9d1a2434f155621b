package io.upgradelab.runner.experiment;

import io.upgradelab.runner.nacos.NacosDistributions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fresh folder per test with fake server distributions of some versions and one experiment file,
 * as the experiment tests write, load and validate them: one line in a test class
 * ({@code @RegisterExtension final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");}).
 */
final class ExperimentDir implements BeforeEachCallback, AfterEachCallback {

    private final String[] versions;
    private Path dir;
    private NacosDistributions distributions;

    ExperimentDir(String... versions) {
        this.versions = versions.clone();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("experiment-test");
        distributions = FakeDistributions.scan(dir.resolve("dist"), versions);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** The folder itself, for files beside the experiment. */
    Path dir() {
        return dir;
    }

    NacosDistributions distributions() {
        return distributions;
    }

    /** The experiment file's path, as errors name it. */
    Path file() {
        return dir.resolve("experiment.yaml");
    }

    /** Writes {@code text} as the experiment file. */
    Path write(String text) {
        try {
            return Files.writeString(file(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code text} written, loaded and validated against the fake distributions. */
    ValidatedExperiment load(String text) {
        return Experiments.load(write(text), null, distributions);
    }

    /** What validating {@code text} says, each error a line; empty when it is valid. */
    List<String> errors(String text) {
        return InvalidExperiments.errors(write(text), distributions);
    }
}
