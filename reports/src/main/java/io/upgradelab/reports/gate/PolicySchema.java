package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.kinds.Kinds;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The policy file format as a JSON Schema (experiments/policy.schema.json), made from the criterion records the
 * policy reader binds ({@link PolicyFile}), so an editor completes and checks a policy with the same kinds and
 * fields the gate reads, and never a list kept by hand. The reader stays the judge of what a policy means (a phase
 * name that matches no phase, one bound of two): the schema says what may be written.
 */
public final class PolicySchema {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private PolicySchema() {
    }

    /** The schema: a policy's name and its criteria, each of one of the kinds the reader knows, closed to other fields. */
    public static ObjectNode document() {
        ObjectNode schema = JSON.objectNode().put("$schema", "https://json-schema.org/draft/2020-12/schema")
                .put("title", "upgrade-lab policy")
                .put("description", "What an upgrade must show to pass: 'upgrade-lab gate RUN_DIR --policy FILE' judges"
                        + " a run by it (PASS, FAIL or INCONCLUSIVE), as do 'run --gate' and 'report --policy'. Each"
                        + " criterion names its kind; phases are named by number or kind, none meaning all; dryRun: true"
                        + " judges and reports a criterion without letting it decide.")
                .put("type", "object").put("additionalProperties", false);
        schema.putArray("required").add("criteria");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("name").put("type", "string").put("description", "The policy's name: the JUnit suite's.");
        ObjectNode criteria = properties.putObject("criteria").put("type", "array").put("minItems", 1)
                .put("description", "The criteria, judged in order, all of them.");
        criteria.putObject("items").put("$ref", "#/$defs/criterion");
        ObjectNode defs = schema.putObject("$defs");
        ObjectNode criterion = defs.putObject("criterion").put("type", "object");
        criterion.putArray("required").add("kind");
        ArrayNode kinds = criterion.putObject("properties").putObject("kind").putArray("enum");
        ArrayNode cases = criterion.putArray("allOf");
        List<Class<? extends Criterion>> types = Kinds.named(Criterion.class).stream()
                .sorted(Comparator.comparing(t -> t.getAnnotation(JsonTypeName.class).value())).toList();
        for (Class<? extends Criterion> type : types) {
            String kind = type.getAnnotation(JsonTypeName.class).value();
            kinds.add(kind);
            defs.set(kind, kind(kind, type));
            ObjectNode when = cases.addObject();
            ObjectNode condition = when.putObject("if");
            condition.putArray("required").add("kind");
            condition.putObject("properties").putObject("kind").put("const", kind);
            when.putObject("then").put("$ref", "#/$defs/" + kind);
        }
        return schema;
    }

    private static ObjectNode kind(String kind, Class<?> record) {
        ObjectNode schema = JSON.objectNode().put("title", kind + " criterion").put("type", "object")
                .put("additionalProperties", false);
        ArrayNode required = schema.putArray("required").add("kind");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("kind").put("const", kind);
        properties.putObject("dryRun").put("type", "boolean").put("description",
                "Judged and reported, never deciding the gate. Default false.");
        for (RecordComponent c : record.getRecordComponents()) {
            properties.set(c.getName(), type(c.getGenericType()));
            JsonProperty property = c.getAnnotation(JsonProperty.class);
            if (property != null && property.required()) {
                required.add(c.getName());
            }
        }
        return schema;
    }

    /** A field's type as JSON Schema says it; phases take numbers or kinds. */
    private static ObjectNode type(Type type) {
        ObjectNode node = JSON.objectNode();
        if (type == boolean.class || type == Boolean.class) {
            return node.put("type", "boolean");
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return node.put("type", "integer");
        }
        if (type == double.class || type == Double.class) {
            return node.put("type", "number");
        }
        if (type == String.class) {
            return node.put("type", "string");
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            node.put("type", "array");
            node.putObject("items").putArray("type").add("string").add("integer");
            return node;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == Map.class) {
            node.put("type", "object");
            node.set("additionalProperties", type(p.getActualTypeArguments()[1]));
            return node;
        }
        throw new IllegalStateException("no schema for a criterion field of type " + type);
    }
}
