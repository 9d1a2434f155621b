package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.upgradelab.reports.Kinds;
import io.upgradelab.reports.yaml.SourceLines;
import io.upgradelab.reports.yaml.YamlDocument;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a policy file (YAML). A mistake is reported as {@code FILE:LINE: field.path: what}, as
 * experiment files' are, at the line of the field itself (or of the criterion a required field is
 * missing from): unknown fields and criterion kinds, missing or ill-typed values, and what
 * {@link YamlDocument} refuses (YAML syntax, a tab in the indentation, a duplicate key, an empty
 * file, a second document).
 */
public final class PolicyFile {

    private static final ObjectMapper BINDER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** The criterion records: each record of the lab that implements {@link Criterion} ({@link Kinds}). */
    private static final List<Class<? extends Criterion>> CRITERIA = Kinds.named(Criterion.class);
    /** Their kinds, as policies name them. */
    private static final List<String> KINDS = CRITERIA.stream().map(t -> t.getAnnotation(JsonTypeName.class).value()).toList();

    static {
        BINDER.registerSubtypes(CRITERIA.toArray(Class<?>[]::new));
        // an empty list item ("-" alone, or "~") is a mistake to name, not a null to trip over later
        BINDER.configOverride(List.class).setSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
    }
    private static final Pattern MISSING = Pattern.compile("Missing required creator property '([^']+)'");

    private PolicyFile() {
    }

    /** The criterion kinds a policy may name, in class-name order: what help and errors list. */
    public static List<String> criterionKinds() {
        return KINDS;
    }

    public static Policy read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidPolicyException(file + ": no such policy file");
        }
        YamlDocument document;
        try {
            document = YamlDocument.parse(Files.readString(file), "the file is empty: a policy needs criteria",
                    "a second YAML document ('---'): a policy file holds one policy");
        } catch (YamlDocument.SyntaxException e) {
            throw new InvalidPolicyException(file + ":" + e.line() + ": " + e.getMessage());
        } catch (MalformedInputException e) {
            throw new InvalidPolicyException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new InvalidPolicyException(file + ": cannot read: " + e.getMessage());
        }
        JsonNode tree = document.tree();
        SourceLines lines = document.lines();
        Policy policy;
        try {
            policy = BINDER.treeToValue(tree, Policy.class);
        } catch (JsonMappingException e) {
            throw new InvalidPolicyException(file + ":" + lines.lineOf(pointer(e)) + ": " + field(e) + ": " + what(e));
        } catch (JsonProcessingException e) {
            throw new InvalidPolicyException(file + ":1: " + e.getOriginalMessage());
        }
        if (policy.criteria() == null || policy.criteria().isEmpty()) {
            throw new InvalidPolicyException(file + ":" + lines.lineOf("/criteria")
                    + ": criteria: a policy needs at least one criterion");
        }
        List<OutOfRange> outOfRange = outOfRange(tree.path("criteria"));
        if (!outOfRange.isEmpty()) {
            throw new InvalidPolicyException(String.join("\n", outOfRange.stream()
                    .map(problem -> file + ":" + lines.lineOf(problem.pointer()) + ": " + problem.message()).toList()));
        }
        return policy;
    }

    /** A threshold out of its range: where it is ({@code /criteria/0/atMost}) and what a person reads. */
    private record OutOfRange(String pointer, String message) {
    }

    /**
     * Every threshold out of its range, all at once.
     * The range follows from the field's name, so a new criterion needs no entry here: a
     * {@code ...Percent} is 0 to 100, {@code seconds} and a ratio are above 0, any other count is 0 or
     * more; every number is finite.
     */
    private static List<OutOfRange> outOfRange(JsonNode criteria) {
        List<OutOfRange> problems = new ArrayList<>();
        for (int i = 0; i < criteria.size(); i++) {
            int index = i;
            criteria.get(i).fields().forEachRemaining(field -> {
                if (field.getValue().isNumber()) {
                    String why = rangeProblem(field.getKey(), field.getValue());
                    if (why != null) {
                        problems.add(new OutOfRange("/criteria/" + index + "/" + field.getKey(),
                                "criteria[" + index + "]." + field.getKey() + ": " + why));
                    }
                }
            });
        }
        return problems;
    }

    private static String rangeProblem(String field, JsonNode number) {
        double value = number.asDouble();
        if (!Double.isFinite(value)) {
            return "not a finite number";
        }
        if (field.endsWith("Percent") && (value < 0 || value > 100)) {
            return number + " is out of range: a percentage is 0 to 100";
        }
        if ((field.equals("seconds") || field.endsWith("Ratio")) && value <= 0) {
            return number + " is out of range: it must be above 0";
        }
        if (value < 0) {
            return number + " is out of range: a count is 0 or more";
        }
        return null;
    }

    /** {@code /criteria/2/atMost}; for a missing required field, the field it names. */
    private static String pointer(JsonMappingException e) {
        StringBuilder pointer = new StringBuilder();
        e.getPath().forEach(r -> pointer.append('/').append(r.getFieldName() != null ? r.getFieldName() : r.getIndex()));
        return pointer.toString();
    }

    /** {@code criteria[2].atMost}: the field as a person finds it in the file. */
    private static String field(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        e.getPath().forEach(r -> path.append(r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]"));
        return path.isEmpty() ? "(top level)" : path.charAt(0) == '.' ? path.substring(1) : path.toString();
    }

    private static String what(JsonMappingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown field '" + u.getPropertyName() + "'; expected one of " + u.getKnownPropertyIds();
        }
        if (e instanceof InvalidTypeIdException t) {
            return t.getTypeId() == null ? "missing field 'kind'; expected one of " + KINDS
                    : "unknown criterion kind '" + t.getTypeId() + "'; expected one of " + KINDS;
        }
        if (e instanceof InvalidNullException) {
            return "an empty item: write a value or remove the line";
        }
        String message = e.getOriginalMessage();
        Matcher missing = MISSING.matcher(message);
        if (missing.find()) {
            return "missing required field '" + missing.group(1) + "'";
        }
        return message.length() > 200 ? message.substring(0, 200) + "..." : message;
    }

    /** A policy file that cannot be used; its message names the file, the line and the field. */
    public static final class InvalidPolicyException extends RuntimeException {
        public InvalidPolicyException(String message) {
            super(message);
        }
    }
}
