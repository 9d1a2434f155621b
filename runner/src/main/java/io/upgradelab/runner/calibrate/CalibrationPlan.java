package io.upgradelab.runner.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.experiment.Timeline.PlannedPhase;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code calibrate} measures for an experiment: the pairs of server version and client
 * version its phases run at (a mixed cluster mid-upgrade is no pair), and the provider counts to
 * step through. Each pair is measured by an ordinary experiment written from the user's file (same
 * target, fleet and probe) whose phases are, per step, {@code rampTo}, {@code waitUntil
 * instancesSettled} and {@code hold}: the engine runs it like any other, and a step the cluster
 * cannot settle ends that pair's run.
 */
public final class CalibrationPlan {

    /** Steps as fractions of the experiment's largest provider count, when none are given. */
    private static final double[] DEFAULT_FRACTIONS = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0};
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    /**
     * A server version with a client version, e.g. 1.4.1 with 1.4.1. The client is kept as a
     * version: a shorthand (1x, 2x) is read as the version it stands for.
     */
    public record Pair(String server, String clients) {

        public Pair {
            clients = ClientVersions.canonical(clients);
        }

        /** "1.4.1/1.4.1". */
        @Override
        public String toString() {
            return server + "/" + clients;
        }

        /** Parses "1.4.1/1x" or "2.3.2/2.3.2". */
        public static Pair parse(String text) {
            String[] parts = text.split("/");
            if (parts.length != 2 || parts[0].isBlank() || !parts[1].matches("[12][xX]|[0-9]{1,9}(\\.[0-9]{1,9}){1,5}")) {
                throw new IllegalArgumentException("a pair is SERVER_VERSION/CLIENT_VERSION, e.g. 1.4.1/1x or 2.3.2/2.3.2,"
                        + " not '" + text + "'");
            }
            return new Pair(parts[0], parts[1]);
        }
    }

    private CalibrationPlan() {
    }

    /** The pairs {@code valid}'s phases run at, in order of first use. */
    public static List<Pair> pairs(ValidatedExperiment valid) {
        Set<Pair> pairs = new LinkedHashSet<>();
        for (PlannedPhase phase : valid.timeline().phases()) {
            pairOf(phase).ifPresent(pairs::add);
        }
        return List.copyOf(pairs);
    }

    /** The pair a phase ends at: every node on one version, every provider on one client version. */
    public static java.util.Optional<Pair> pairOf(PlannedPhase phase) {
        List<String> versions = phase.nodeVersions().stream().distinct().toList();
        List<String> clients = phase.providersByGeneration().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(Map.Entry::getKey).toList();
        return versions.size() == 1 && clients.size() == 1
                ? java.util.Optional.of(new Pair(versions.get(0), clients.get(0))) : java.util.Optional.empty();
    }

    /** Fractions of the experiment's largest provider count (at the scale it was loaded with). */
    public static List<Integer> defaultSteps(ValidatedExperiment valid) {
        int peak = valid.timeline().phases().stream().mapToInt(PlannedPhase::providers).max().orElse(0);
        List<Integer> steps = new ArrayList<>();
        for (double f : DEFAULT_FRACTIONS) {
            int step = (int) Math.round(peak * f);
            if (step > 0 && (steps.isEmpty() || step > steps.get(steps.size() - 1))) {
                steps.add(step);
            }
        }
        return steps;
    }

    /**
     * The experiment file that measures {@code pair}: the user's file ({@code tree}) with its target
     * version, fleet client version, scale and phases replaced, no abort condition, and no configs
     * (the frontier is the registry's; the configs' checks would add their reads to it).
     */
    public static String experimentYaml(JsonNode tree, Pair pair, List<Integer> steps, Duration settle, Duration hold) {
        ObjectNode file = tree.deepCopy();
        file.put("name", file.path("name").asText("experiment") + "-calibrate-" + pair.server() + "-" + pair.clients());
        file.put("description", "Capacity of Nacos " + pair.server() + " with " + pair.clients() + " clients: ramp to "
                + steps + " providers, each step settled (at most " + Durations.text(settle) + ") and held "
                + Durations.text(hold) + ". Written by upgrade-lab calibrate.");
        ((ObjectNode) file.with("target")).put("version", pair.server());
        ObjectNode fleet = (ObjectNode) file.with("fleet");
        fleet.remove("generation");   // the older name of client: one of the two, or the schema refuses the file
        fleet.put("client", pair.clients());
        file.put("scale", 1);
        file.remove("abortWhen");
        file.remove("configs");
        ArrayNode phases = file.putArray("phases");
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        for (int providers : steps) {
            phases.add(nodes.objectNode().put("kind", "rampTo").put("providers", providers));
            ObjectNode wait = nodes.objectNode().put("kind", "waitUntil");
            wait.putObject("condition").put("kind", "instancesSettled");
            wait.put("timeout", Durations.text(settle));
            phases.add(wait);
            phases.add(nodes.objectNode().put("kind", "hold").put("for", Durations.text(hold)));
        }
        try {
            return YAML.writeValueAsString(file);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
