package io.upgradelab.runner.experiment;

import io.upgradelab.runner.clients.ClientDistributions;
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
 * ({@code @RegisterExtension final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");}). With
 * {@link #withClients} it lays out fake client versions too, and validates against them instead of the build's.
 */
final class ExperimentDir implements BeforeEachCallback, AfterEachCallback {

    /** The least a file says on a 2.0.4 the extension provides: a section under test goes after it, from line 4. */
    static final String HOLD_ON_2_0_4 = """
            name: plain
            target: {version: 2.0.4}
            phases: [{kind: hold, for: 1m}]
            """;

    private final String[] versions;
    private final String[] clientVersions;
    private Path dir;
    private NacosDistributions distributions;
    private ClientDistributions clients;

    ExperimentDir(String... versions) {
        this(versions, null);
    }

    private ExperimentDir(String[] versions, String[] clientVersions) {
        this.versions = versions.clone();
        this.clientVersions = clientVersions;
    }

    /** The same folder with fake client distributions of {@code versions} laid out in it as well. */
    ExperimentDir withClients(String... versions) {
        return new ExperimentDir(this.versions, versions.clone());
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("experiment-test");
        distributions = FakeDistributions.scan(dir.resolve("dist"), versions);
        clients = clientVersions == null ? null : FakeDistributions.clients(dir.resolve("clients"), clientVersions);
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
        return clients == null ? Experiments.load(write(text), null, distributions)
                : Experiments.validate(ExperimentFile.read(write(text)), null, distributions, clients);
    }

    /** What validating {@code text} says, each error a line; empty when it is valid. */
    List<String> errors(String text) {
        return clients == null ? InvalidExperiments.errors(write(text), distributions)
                : InvalidExperiments.errors(write(text), distributions, clients);
    }
}
