package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.condition.InstancesSettled;
import io.upgradelab.runner.condition.ProbeFailing;
import io.upgradelab.runner.condition.ProbeHealthy;
import io.upgradelab.runner.condition.Upgraded;
import io.upgradelab.runner.fault.FaultPhase;
import io.upgradelab.runner.phase.Hold;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.RampTo;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import io.upgradelab.runner.phase.RollingServerUpgrade;
import io.upgradelab.runner.phase.ScaleDownTo;
import io.upgradelab.runner.phase.WaitUntil;
import io.upgradelab.runner.plan.Problems;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Turns a file's tree into the {@link Experiment} records. Unknown fields fail here too
 * (FAIL_ON_UNKNOWN_PROPERTIES), so the model and the schema cannot drift apart unnoticed, and
 * durations are read as files write them ({@link Durations}).
 */
public final class ExperimentBinder {

    /**
     * Every phase kind, in the schema's order. A kind is its record (named by its JsonTypeName), a line
     * here and its schema entry; ExperimentSchemaTest fails when the two disagree.
     */
    public static final List<Class<? extends Phase>> PHASES = List.of(RampTo.class, Hold.class, ScaleDownTo.class,
            RollingServerUpgrade.class, RollingClientUpgrade.class, FaultPhase.class, WaitUntil.class);

    /** Every condition kind, in the schema's order; the same rule. */
    public static final List<Class<? extends Condition>> CONDITIONS = List.of(Upgraded.class, InstancesSettled.class,
            ProbeHealthy.class, ProbeFailing.class);

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(Durations.module())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerSubtypes(kinds())
            .build();

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
            StringBuilder pointer = new StringBuilder();
            for (JsonMappingException.Reference ref : e.getPath()) {
                pointer.append('/').append(ref.getFieldName() != null
                        ? ref.getFieldName().replace("~", "~0").replace("/", "~1") : String.valueOf(ref.getIndex()));
            }
            String message = e.getOriginalMessage();
            problems.add(pointer.toString(), message.lines().findFirst().orElse(message));
            return Optional.empty();
        } catch (IOException e) {
            problems.add("", "cannot read the experiment: " + e.getMessage());
            return Optional.empty();
        }
    }
}
