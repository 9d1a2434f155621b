package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.kinds.yaml.NearestName;
import io.upgradelab.kinds.yaml.SourceLines;
import io.upgradelab.runner.plan.Problems;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The experiment file format, applied to a file's tree. The schema is the format's documentation
 * and its first check: types, ranges, enums, durations, required and unknown fields. It is
 * assembled at start-up from a hand-written base ({@link #BASE}: the top level, the sections, the
 * shared definitions) and the parts that follow from the kinds' classes ({@link KindSchemas}), so
 * a new kind needs no second copy of its fields; experiments/experiment.schema.json is the
 * assembled schema as people and editors read it, kept equal by ExperimentSchemaTest.
 *
 * <p>The validator's own messages are written for schema authors ("property 'provders' is not
 * defined in the schema..."); each is reworded here from the keyword that failed and the schema
 * around it: unknown fields suggest the nearest known one ({@link NearestName}, as policies do),
 * a field of an earlier format says where it moved (the custom key {@code moved}, field to its new
 * place), a missing field says what it is for, and a schema may word a rule itself with an
 * {@code errorMessage} entry per keyword ({@code {value}} stands for the value found). Phases and
 * conditions dispatch on {@code kind} with if/then, so only the kind a file names reports errors.
 */
public final class ExperimentSchema {

    /** The hand-written part of the schema, on the class path. */
    public static final String BASE = "/io/upgradelab/runner/experiment/experiment.base.schema.json";

    private static final ExperimentSchema INSTANCE = new ExperimentSchema();

    private final JsonNode document;
    private final JsonSchema schema;

    private ExperimentSchema() {
        try (InputStream in = ExperimentSchema.class.getResourceAsStream(BASE)) {
            if (in == null) {
                throw new IllegalStateException(BASE + " is not on the class path: rebuild the runner");
            }
            document = KindSchemas.assemble(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + BASE, e);
        }
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build();
        schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(document, config);
    }

    public static ExperimentSchema get() {
        return INSTANCE;
    }

    /** The schema document itself, e.g. to list the kinds it knows. */
    public JsonNode document() {
        return document.deepCopy();
    }

    /** Every way {@code tree} breaks the schema, each at the JSON pointer of the field, worded for people. */
    public List<Problems.Problem> validate(JsonNode tree) {
        List<Found> found = new ArrayList<>();
        for (ValidationMessage message : schema.validate(tree)) {
            found.add(reword(message));
        }
        // An unknown field that is a misspelling of a missing required one: one error, not two.
        Set<String> suggested = found.stream().filter(f -> f.suggestion != null)
                .map(f -> parent(f.pointer) + "/" + f.suggestion).collect(Collectors.toSet());
        Set<Problems.Problem> problems = new LinkedHashSet<>();
        found.stream()
                .filter(f -> !(f.missing && suggested.contains(f.pointer)))
                .sorted(Comparator.comparing(Found::pointer))
                .forEach(f -> problems.add(new Problems.Problem(f.pointer, f.message)));
        return List.copyOf(problems);
    }

    private record Found(String pointer, String message, String suggestion, boolean missing) {
        Found(String pointer, String message) {
            this(pointer, message, null, false);
        }
    }

    private Found reword(ValidationMessage m) {
        String pointer = pointer(m.getInstanceLocation());
        String keyword = m.getType();
        JsonNode value = m.getInstanceNode();
        JsonNode rule = schemaAt(m.getSchemaLocation());          // the keyword's value
        JsonNode around = schemaAt(parentOf(m.getSchemaLocation())); // the schema holding it
        Optional<String> own = Optional.ofNullable(around.path("errorMessage").path(keyword).textValue())
                .map(text -> text.replace("{value}", raw(value)));
        switch (keyword) {
            case "additionalProperties" -> {
                String field = m.getProperty();
                String movedTo = around.path("moved").path(field).textValue();
                if (movedTo != null) {
                    return new Found(pointer + "/" + SourceLines.escaped(field), moved(pointer, field, movedTo));
                }
                List<String> known = names(around.path("properties"));
                String nearest = NearestName.of(field, known);
                return new Found(pointer + "/" + SourceLines.escaped(field), "unknown field"
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
                        + " (" + article(what(around, pointer)) + " has: " + String.join(", ", known) + ")",
                        nearest, false);
            }
            case "required" -> {
                String field = m.getProperty();
                String purpose = firstSentence(describe(around.path("properties").path(field)));
                return new Found(pointer + "/" + SourceLines.escaped(field), "missing: " + article(what(around, pointer))
                        + " needs it" + (purpose.isEmpty() ? "" : " (" + purpose + ")"), null, true);
            }
            default -> {
                String text = own.orElseGet(() -> standard(keyword, rule, value, m));
                return new Found(pointer, pointer.isEmpty() ? "the file " + text : text);
            }
        }
    }

    /**
     * A field an earlier format had at {@code pointer}, now at {@code movedTo} (the schema's custom key
     * {@code moved}): said as such, not as an unknown field, so an older file is told where it goes.
     */
    private static String moved(String pointer, String field, String movedTo) {
        String was = (pointer.isEmpty() ? "" : pointer.substring(1).replace('/', '.') + ".") + field;
        String under = movedTo.contains(".") ? movedTo.substring(0, movedTo.lastIndexOf('.')) : "the top level";
        return was + " moved to " + movedTo + ": write it under " + under + " instead";
    }

    /** The message for a keyword when the schema does not word it itself. */
    private static String standard(String keyword, JsonNode rule, JsonNode value, ValidationMessage m) {
        return switch (keyword) {
            case "type" -> "must be " + typeWords(rule) + ", not " + shown(value)
                    + (rule.asText().equals("string") && value.isNumber() ? " (quote it: \"" + raw(value) + "\")" : "");
            case "enum" -> {
                List<String> allowed = StreamSupport.stream(rule.spliterator(), false).map(JsonNode::asText).toList();
                String nearest = value.isTextual() ? NearestName.of(value.asText(), allowed) : null;
                yield shown(value) + " is not one of: " + String.join(", ", allowed)
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?");
            }
            case "const" -> "must be '" + rule.asText() + "'";
            case "minimum" -> "must be at least " + rule.asText() + ", not " + raw(value);
            case "exclusiveMinimum" -> "must be more than " + rule.asText() + ", not " + raw(value);
            case "maximum" -> "must be at most " + rule.asText() + ", not " + raw(value);
            case "exclusiveMaximum" -> "must be less than " + rule.asText() + ", not " + raw(value);
            case "minItems" -> "needs at least " + rule.asText() + (rule.asInt() == 1 ? " item" : " items");
            case "minLength" -> "must not be empty";
            case "pattern" -> shown(value) + " does not match " + rule.asText();
            case "not" -> shown(value) + " is not allowed here";
            default -> {
                String text = m.getMessage();
                int colon = text.indexOf(": ");
                yield colon >= 0 ? text.substring(colon + 2) : text;
            }
        };
    }

    private JsonNode schemaAt(SchemaLocation location) {
        return document.at(pointer(location.getFragment()));
    }

    private static SchemaLocation parentOf(SchemaLocation location) {
        JsonNodePath parent = location.getFragment().getParent();
        return new SchemaLocation(location.getAbsoluteIri(), parent == null ? location.getFragment() : parent);
    }

    /** "rampTo phase", "target", "an experiment": what holds the field, from the schema's title. */
    private static String what(JsonNode schema, String pointer) {
        if (pointer.isEmpty()) {
            return "experiment";
        }
        String title = schema.path("title").asText("");
        return title.isEmpty() ? "this" : title;
    }

    private static String article(String noun) {
        return noun.equals("this") ? "this" : ("aeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
    }

    private String describe(JsonNode property) {
        if (property.has("description")) {
            return property.path("description").asText();
        }
        String ref = property.path("$ref").asText("");
        return ref.startsWith("#") ? document.at(ref.substring(1)).path("description").asText("") : "";
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        while (end >= 0 && (text.startsWith("e.g", end - 3) || text.startsWith("i.e", end - 3))) {
            end = text.indexOf(". ", end + 1);
        }
        String sentence = end >= 0 ? text.substring(0, end) : text;
        sentence = sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
        return sentence.isEmpty() ? "" : Character.toLowerCase(sentence.charAt(0)) + sentence.substring(1);
    }

    private static String typeWords(JsonNode type) {
        List<String> names = type.isArray()
                ? StreamSupport.stream(type.spliterator(), false).map(JsonNode::asText).toList()
                : List.of(type.asText());
        return names.stream().map(ExperimentSchema::typeWord).collect(Collectors.joining(" or "));
    }

    private static String typeWord(String jsonType) {
        return switch (jsonType) {
            case "object" -> "a mapping of fields (name: value)";
            case "array" -> "a list (- item)";
            case "integer" -> "a whole number";
            case "number" -> "a number";
            case "string" -> "text";
            case "boolean" -> "true or false";
            default -> jsonType;
        };
    }

    /** A value as an error shows it: 'text' quoted, numbers as written, containers by what they are. */
    private static String shown(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        if (value.isTextual()) {
            return "'" + ControlCharacters.shown(value.asText()) + "'";
        }
        if (value.isObject()) {
            return "a mapping";
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isNull()) {
            return "empty (null)";
        }
        return value.asText();
    }

    private static String raw(JsonNode value) {
        return value == null || value.isContainerNode() ? shown(value) : ControlCharacters.shown(value.asText());
    }


    private static List<String> names(JsonNode properties) {
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String pointer(JsonNodePath path) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            out.append('/').append(element instanceof Integer ? element.toString() : SourceLines.escaped(element.toString()));
        }
        return out.toString();
    }

    private static String parent(String pointer) {
        return JsonPointer.compile(pointer).head().toString();
    }

}
