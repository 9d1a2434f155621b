package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * Turns a file's tree into the {@link Experiment} records. Unknown fields fail here too
 * (FAIL_ON_UNKNOWN_PROPERTIES), so the model and the schema cannot drift apart unnoticed, and
 * durations are read as files write them ({@link Durations}).
 */
public final class ExperimentBinder {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new SimpleModule("upgrade-lab durations")
                    .addDeserializer(Duration.class, new DurationReader())
                    .addSerializer(Duration.class, new DurationWriter()))
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ExperimentBinder() {
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

    /** The exact text of {@code d} as files write it: {@code 1h5m}, {@code 1m30s}, {@code 500ms}, {@code 0s}. */
    public static String text(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        StringBuilder out = new StringBuilder();
        long ms = d.toMillis();
        long[] sizes = {3_600_000, 60_000, 1000, 1};
        String[] units = {"h", "m", "s", "ms"};
        for (int i = 0; i < sizes.length; i++) {
            if (ms >= sizes[i]) {
                out.append(ms / sizes[i]).append(units[i]);
                ms %= sizes[i];
            }
        }
        return out.toString();
    }

    private static final class DurationReader extends JsonDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext context) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (Duration) context.handleUnexpectedToken(Duration.class, p);
            }
            try {
                return Durations.parse(p.getText());
            } catch (IllegalArgumentException e) {
                return (Duration) context.handleWeirdStringValue(Duration.class, p.getText(), e.getMessage());
            }
        }
    }

    private static final class DurationWriter extends JsonSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(text(value));
        }
    }
}
