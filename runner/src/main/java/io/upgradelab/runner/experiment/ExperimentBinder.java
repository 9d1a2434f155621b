package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.kinds.Kinds;
import io.upgradelab.kinds.yaml.SourceLines;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.RecordFields;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Turns a file's tree into the {@link Experiment} records. Unknown fields fail here too
 * (FAIL_ON_UNKNOWN_PROPERTIES), so the model and the schema cannot drift apart unnoticed, and
 * durations are read as files write them ({@link RecordFields#configured()}).
 */
public final class ExperimentBinder {

    /** Every phase kind: each record of the lab that implements {@link Phase}, named by its JsonTypeName ({@link Kinds}). */
    public static final List<Class<? extends Phase>> PHASES = Kinds.named(Phase.class);

    /** Every condition kind, found the same way. */
    public static final List<Class<? extends Condition>> CONDITIONS = Kinds.named(Condition.class);

    private static final ObjectMapper MAPPER = RecordFields.configured().registerSubtypes(kinds()).build();

    private ExperimentBinder() {
    }

    private static Class<?>[] kinds() {
        return java.util.stream.Stream.concat(PHASES.stream(), CONDITIONS.stream()).toArray(Class<?>[]::new);
    }

    /** The mapper that reads (and writes back) experiments, durations as {@code 1m30s}. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Binds {@code tree}; when it cannot, reports why at the field that failed and returns empty.
     * A tree that passed {@link ExperimentSchema} binds; this is the net under it.
     */
    public static Optional<Experiment> bind(JsonNode tree, Problems problems) {
        try {
            JsonNode withDefaults = tree;
            if (tree instanceof ObjectNode object && (!object.has("fleet") || !object.has("probe"))) {
                // Optional sections: bound from {} so that their records fill in every default.
                ObjectNode copy = object.deepCopy();
                for (String section : new String[] {"fleet", "probe"}) {
                    if (!copy.has(section)) {
                        copy.putObject(section);
                    }
                }
                withDefaults = copy;
            }
            return Optional.of(MAPPER.treeToValue(withDefaults, Experiment.class));
        } catch (JsonMappingException e) {
            String message = e.getOriginalMessage();
            problems.add(SourceLines.pointerOf("", e), message.lines().findFirst().orElse(message));
            return Optional.empty();
        } catch (IOException e) {
            problems.add("", "cannot read the experiment: " + e.getMessage());
            return Optional.empty();
        }
    }
}
