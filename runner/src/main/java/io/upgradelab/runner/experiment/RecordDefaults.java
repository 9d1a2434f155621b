package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.upgradelab.runner.Durations;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The defaults of a record the experiment binds to, read from the record itself: built with every field left
 * out (null, 0, false), as the binder builds it from a file that gives none, its constructor fills in what the
 * lab uses. So the schema's {@code default} keywords (what an editor shows and completes) are the code's
 * defaults, never a copy of them that drifts.
 */
final class RecordDefaults {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Writes an enum as files write it (its {@code @JsonValue}, e.g. {@code full}). */
    private static final ObjectMapper ENUMS = new ObjectMapper();

    private final Object leftOut;

    private RecordDefaults(Object leftOut) {
        this.leftOut = leftOut;
    }

    /** {@code record} built with every field left out; no defaults where its constructor refuses that. */
    static RecordDefaults of(Class<?> record) {
        RecordComponent[] components = record.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] nothing = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            nothing[i] = nothing(types[i]);
        }
        try {
            Constructor<?> canonical = record.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return new RecordDefaults(canonical.newInstance(nothing));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new RecordDefaults(null);
        }
    }

    /**
     * {@code component}'s default as JSON: a number other than 0, a boolean, a text other than "", a duration
     * or an enum as files write it, a list of those; empty where the field has none of these (it is required,
     * worked out from others at run time, or an object).
     */
    Optional<JsonNode> of(RecordComponent component) {
        if (leftOut == null) {
            return Optional.empty();
        }
        try {
            component.getAccessor().setAccessible(true);
            return json(component.getAccessor().invoke(leftOut));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<JsonNode> json(Object value) {
        if (value instanceof Boolean b) {
            return Optional.of(JSON.booleanNode(b));
        }
        if (value instanceof Integer || value instanceof Long) {
            long n = ((Number) value).longValue();
            return n == 0 ? Optional.empty() : Optional.of(JSON.numberNode(n));
        }
        if (value instanceof Double d) {
            return d == 0 || d.isNaN() ? Optional.empty() : Optional.of(JSON.numberNode(d));
        }
        if (value instanceof String s) {
            return s.isEmpty() ? Optional.empty() : Optional.of(JSON.textNode(s));
        }
        if (value instanceof Enum<?> e) {
            return Optional.of(ENUMS.valueToTree(e));
        }
        if (value instanceof Duration d) {
            return Optional.of(JSON.textNode(Durations.exact(d)));
        }
        if (value instanceof List<?> list) {
            ArrayNode array = JSON.arrayNode();
            for (Object item : list) {
                Optional<JsonNode> node = json(item);
                if (node.isEmpty()) {
                    return Optional.empty();
                }
                array.add(node.get());
            }
            return Optional.of(array);
        }
        return Optional.empty();
    }

    private static Object nothing(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == double.class) {
            return 0.0;
        }
        return null;
    }
}
