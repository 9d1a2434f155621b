package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.render.ExperimentManifests;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The sets of rendered manifests the chart and schema tests check, each as file name to its one
 * document: the committed kustomize base, {@code render k8s} of the shipped kubernetes experiment, the
 * same with {@code kubernetes.podMonitor: true}, and with fault phases (the Chaos Mesh resources).
 */
final class RenderedSets {

    private static final YAMLMapper YAML = new YAMLMapper();
    /** Two faults after the last phase of the shipped experiment (before its configs section). */
    /** One of each fault that is a Chaos Mesh resource: PodChaos (kill, pause) and NetworkChaos (the rest). */
    private static final String FAULTS = "  - {kind: fault, fault: kill, node: 2, for: 30s}\n"
            + "  - {kind: fault, fault: pause, node: 1, for: 20s}\n"
            + "  - {kind: fault, fault: delay, node: 3, delay: 200ms, for: 1m}\n"
            + "  - {kind: fault, fault: loss, node: 3, percent: 30, for: 1m}\n"
            + "  - {kind: fault, fault: partition, node: 1, for: 30s}\n\n";

    private RenderedSets() {
    }

    /** The committed base's documents (every YAML file but kustomization.yaml). */
    static Map<String, JsonNode> base() {
        return read(KustomizeBaseTest.BASE);
    }

    /** {@code render k8s} of the shipped experiment into {@code dir}, Secret and faults/ included. */
    static Map<String, JsonNode> shipped(Path dir) {
        return render(dir.resolve("shipped"), UnaryOperator.identity());
    }

    /** The same with {@code kubernetes.podMonitor: true}. */
    static Map<String, JsonNode> withPodMonitor(Path dir) {
        return render(dir.resolve("podmonitor"), t -> replace(t, "podMonitor: false", "podMonitor: true"));
    }

    /** The same with a kill and a delay fault after its last phase. */
    static Map<String, JsonNode> withFaults(Path dir) {
        return render(dir.resolve("faults"), t -> replace(t, "\n# Nacos is the config store too", "\n" + FAULTS
                + "# Nacos is the config store too"));
    }

    /** The shipped experiment, its text changed by {@code change}, rendered into {@code out} and read back. */
    static Map<String, JsonNode> render(Path out, UnaryOperator<String> change) {
        try {
            String text = change.apply(Files.readString(KustomizeBaseTest.ROOT.resolve(KustomizeBaseTest.SOURCE),
                    StandardCharsets.UTF_8));
            Files.createDirectories(out);
            Path file = Files.writeString(out.getParent().resolve(out.getFileName() + ".yaml"), text);
            ValidatedExperiment valid = Experiments.load(file, null);
            RenderCommand.K8s.write(ExperimentManifests.of(valid, text), out, KustomizeBaseTest.SOURCE,
                    valid.experiment().name(), false, new PrintWriter(new StringWriter()));
            return read(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String replace(String text, String from, String to) {
        if (!text.contains(from)) {
            throw new IllegalStateException("the shipped experiment no longer has '" + from + "'");
        }
        return text.replace(from, to);
    }

    private static Map<String, JsonNode> read(Path dir) {
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : all.filter(Files::isRegularFile).sorted().toList()) {
                String name = dir.relativize(f).toString();
                if (name.endsWith(".yaml") && !name.equals(RenderCommand.K8s.KUSTOMIZATION)) {
                    documents.put(name, YAML.readTree(f.toFile()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return documents;
    }
}
