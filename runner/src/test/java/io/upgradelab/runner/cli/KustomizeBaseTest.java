package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.render.ExperimentManifests;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/kustomize/base is what {@code render k8s --kustomize} writes for the shipped kubernetes experiment,
 * through the same code, so the base cannot drift from the renderer (nor the renderer from the backend):
 * this test renders it again and fails when the committed folder differs; with
 * {@code -Dupgradelab.writeDocs=true} it rewrites the folder instead:
 * {@code ./mvnw -B -ntp -o -q -pl runner test -Dtest=KustomizeBaseTest -Dupgradelab.writeDocs=true}.
 */
class KustomizeBaseTest {

    /** The repository's root. */
    static final Path ROOT = FakeDistributions.experiments().getParent();
    /** The shipped kubernetes experiment, as the base's files name it. */
    static final String SOURCE = "experiments/nacos-1x-to-2x-k8s.yaml";
    static final Path BASE = ROOT.resolve("deploy/kustomize/base");
    private static final String WRITE = "upgradelab.writeDocs";

    @TempDir
    Path dir;

    @Test
    void theCommittedBaseIsWhatRenderKustomizeWrites() throws IOException {
        if (Boolean.getBoolean(WRITE)) {
            render(BASE);
        }
        Path made = render(dir.resolve("base"));
        assertThat(files(BASE)).as("regenerate with -D" + WRITE + "=true").isEqualTo(files(made));
        for (String file : files(made)) {
            assertThat(Files.readString(BASE.resolve(file), StandardCharsets.UTF_8))
                    .as(file + ": regenerate with -D" + WRITE + "=true")
                    .isEqualTo(Files.readString(made.resolve(file), StandardCharsets.UTF_8));
        }
    }

    @Test
    void theBaseHoldsNoSecretAndListsTheRunnersResourcesAlone() throws IOException {
        Path made = render(dir.resolve("base"));
        assertThat(files(made)).noneMatch(f -> f.contains("secret")).doesNotContain("faults");
        String kustomization = Files.readString(made.resolve("kustomization.yaml"), StandardCharsets.UTF_8);
        assertThat(kustomization).contains("kind: Kustomization", "  - 00-namespace.yaml", "  - 13-runner-job.yaml",
                        "kubectl -n NAMESPACE create secret generic upgrade-lab-control")
                .doesNotContain("statefulset", "fleet", "probe-deployment", "demo-", "faults/", "secret.yaml");
    }

    /** The shipped kubernetes experiment, validated. */
    static ValidatedExperiment shipped() {
        return Experiments.load(ROOT.resolve(SOURCE), null);
    }

    /** The manifests of the shipped experiment with {@code change} applied to its text (e.g. podMonitor on). */
    static ExperimentManifests manifests(Path dir, java.util.function.UnaryOperator<String> change) throws IOException {
        String text = change.apply(Files.readString(ROOT.resolve(SOURCE), StandardCharsets.UTF_8));
        Path file = Files.writeString(dir.resolve("nacos-1x-to-2x-k8s.yaml"), text);
        return ExperimentManifests.of(Experiments.load(file, null), text);
    }

    /** Renders the base into {@code out} as {@code render k8s --kustomize} does; returns {@code out}. */
    static Path render(Path out) throws IOException {
        ValidatedExperiment valid = shipped();
        String text = Files.readString(ROOT.resolve(SOURCE), StandardCharsets.UTF_8);
        RenderCommand.K8s.write(ExperimentManifests.of(valid, text), out, SOURCE, valid.experiment().name(), true,
                new PrintWriter(new StringWriter()));
        return out;
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }
}
