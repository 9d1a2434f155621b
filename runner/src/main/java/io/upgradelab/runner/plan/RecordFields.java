package io.upgradelab.runner.plan;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.upgradelab.kinds.yaml.RecordFieldNames;
import io.upgradelab.kinds.yaml.SourceLines;
import io.upgradelab.runner.Durations;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A record's fields as an experiment file writes them: the name a file uses, whether it must be
 * given, what it is for. One reading of the record for the binder, the schema generator and the
 * kinds that bind fields of their own later (a fault's parameters), so they cannot disagree.
 */
public final class RecordFields {

    private static final ObjectMapper MAPPER = configured().build();

    private RecordFields() {
    }

    /**
     * The configuration every experiment field is read with: durations as files write them
     * ({@link Durations}), unknown fields refused. The binder adds its kinds to it.
     */
    public static JsonMapper.Builder configured() {
        return JsonMapper.builder()
                .addModule(Durations.module())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }


    /** Whether a file must give it: {@code @JsonProperty(required = true)}. */
    public static boolean required(RecordComponent component) {
        JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
        return property != null && property.required();
    }

    /** What it is for ({@link JsonPropertyDescription}), or "". */
    public static String description(RecordComponent component) {
        JsonPropertyDescription description = component.getAccessor().getAnnotation(JsonPropertyDescription.class);
        return description == null ? "" : description.value();
    }

    /**
     * Binds {@code given} (field name to value as the file wrote it) to {@code type}; each field
     * unknown to it, missing or ill-typed is a problem at that field, worded for {@code owner}
     * ("fault loss"). Empty when there was one.
     */
    public static <R extends Record> Optional<R> bind(Class<R> type, Map<String, JsonNode> given, String owner,
                                                      Problems problems) {
        List<String> known = new ArrayList<>();
        int before = problems.all().size();
        for (RecordComponent component : type.getRecordComponents()) {
            String name = RecordFieldNames.of(component);
            known.add(name);
            if (required(component) && !given.containsKey(name)) {
                String purpose = sentence(description(component));
                problems.add(SourceLines.escaped(name), owner + " needs " + name + (purpose.isEmpty() ? "" : ": " + purpose));
            }
        }
        given.keySet().stream().filter(name -> !known.contains(name)).forEach(name -> problems.add(SourceLines.escaped(name),
                owner + " takes no " + name + (known.isEmpty() ? "" : " (it takes: " + String.join(", ", known) + ")")));
        if (problems.all().size() > before) {
            return Optional.empty();
        }
        try {
            return Optional.of(MAPPER.convertValue(given, type));
        } catch (IllegalArgumentException e) {
            reportIllTyped(e, owner, problems);
            return Optional.empty();
        }
    }

    private static void reportIllTyped(IllegalArgumentException e, String owner, Problems problems) {
        if (e.getCause() instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            String message = mapping.getOriginalMessage();
            problems.add(SourceLines.pointerOf("", mapping), owner + ": " + message.lines().findFirst().orElse(message));
        } else {
            problems.add("", owner + ": " + e.getMessage());
        }
    }

    /** "How much later each packet arrives, e.g. 200ms." as it continues a sentence: lower case, no stop. */
    private static String sentence(String description) {
        String text = description.strip();
        text = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
        return text.isEmpty() ? "" : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

}
