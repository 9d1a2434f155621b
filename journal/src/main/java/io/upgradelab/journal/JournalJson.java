package io.upgradelab.journal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * journal.jsonl's codec: the runner writes its lines and the reports read them through this one
 * Jackson configuration (times as ISO-8601 text, unknown fields ignored so an older reader reads a
 * newer line's known fields, and an unknown enum value read as its default, e.g. {@link WarningKind#unknown}). A typed line is a record annotated with its {@link LineType}.
 */
public final class JournalJson {

    /**
     * The journal format this code writes, recorded in {@link RunStarted#format()}. Raised when a line's
     * fields change meaning; readers refuse a journal of a newer format rather than misread it.
     */
    public static final int FORMAT = 1;

    private static final ObjectMapper MAPPER = builder().build();

    private JournalJson() {
    }

    /** The configuration, for a writer that adds modules of its own (the runner's durations). */
    public static JsonMapper.Builder builder() {
        return JsonMapper.builder().addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE);
    }

    /** The line type {@code body} is written as. */
    public static String typeOf(Class<?> body) {
        return lineType(body).value();
    }

    /** The observer a sample's {@code body} is written by; "" for lines other than samples. */
    public static String observerOf(Class<?> body) {
        return lineType(body).observer();
    }

    /** {@code body}'s {@link LineType}: looked up once, to test many lines ({@link #is(JsonNode, LineType)}). */
    public static LineType lineType(Class<?> body) {
        LineType type = body.getAnnotation(LineType.class);
        if (type == null) {
            throw new IllegalArgumentException(body.getName() + " is not a journal line (no @LineType)");
        }
        return type;
    }

    /** Whether {@code line} is of {@code body}'s type (and, for a sample, of its observer). */
    public static boolean is(JsonNode line, Class<?> body) {
        return is(line, lineType(body));
    }

    /** Whether {@code line} is of {@code type} (and, for a sample, of its observer). */
    public static boolean is(JsonNode line, LineType type) {
        String observer = type.observer();
        return type.value().equals(line.path("type").asText())
                && (observer.isEmpty() || observer.equals(line.path("observer").asText()));
    }

    /** {@code line} read as {@code body}; an {@link IllegalArgumentException} naming the type and field if it is not one. */
    public static <T> Line<T> read(JsonNode line, Class<T> body) {
        return read(line, body, 0);
    }

    /** {@code line}, line {@code number} of its file, read as {@code body}. */
    public static <T> Line<T> read(JsonNode line, Class<T> body, int number) {
        try {
            return new Line<>(line.path("type").asText(), Instant.parse(line.path("time").asText()),
                    line.path("elapsed").asDouble(), line.path("phase").asInt(), MAPPER.treeToValue(line, body), number);
        } catch (JsonProcessingException | RuntimeException e) {
            String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException("a " + typeOf(body) + " line does not read: " + why, e);
        }
    }

    /**
     * One line of a JSON-lines file of typed records that carry only {@code type} and {@code time} besides
     * their fields ({@code registry.jsonl}): {@code body} written as its type, timed {@code time}, without
     * its line end.
     */
    public static String lineOf(Object body, Instant time) {
        ObjectNode line = MAPPER.createObjectNode();
        line.put("type", typeOf(body.getClass()));
        line.put("time", time.toString());
        line.setAll((ObjectNode) MAPPER.valueToTree(body));
        try {
            return MAPPER.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a " + typeOf(body.getClass()) + " line does not write: "
                    + e.getOriginalMessage(), e);
        }
    }

    /**
     * {@code text}, line {@code number} of such a file, read as whichever of {@code bodies} its type names:
     * empty when it is not a JSON object with a type (a line a kill tore); a line whose body is null when
     * its type is none of them (a newer writer's); an {@link IllegalArgumentException} when it is one of
     * them and does not read as it.
     */
    public static Optional<Line<?>> readLine(String text, int number, List<Class<?>> bodies) {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        if (node == null || !node.isObject() || !node.hasNonNull("type")) {
            return Optional.empty();
        }
        for (Class<?> body : bodies) {
            if (is(node, body)) {
                return Optional.of(read(node, body, number));
            }
        }
        Instant time;
        try {
            time = Instant.parse(node.path("time").asText());
        } catch (java.time.format.DateTimeParseException e) {
            time = Instant.EPOCH;   // a line of an unknown type: what it says is not read
        }
        return Optional.of(new Line<>(node.path("type").asText(), time, 0, 0, null, number));
    }
}
