package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.journal.FailureSignWarning;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.kinds.Kinds;
import io.upgradelab.kinds.yaml.NearestName;
import io.upgradelab.kinds.yaml.RecordFieldNames;
import io.upgradelab.kinds.yaml.SourceLines;
import io.upgradelab.kinds.yaml.YamlDocument;
import io.upgradelab.reports.FigureShift;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Reads a policy file (YAML). A mistake is reported as {@code FILE:LINE: field.path: what}, as
 * experiment files' are, at the line of the field itself (or of the criterion a required field is
 * missing from), every mistake at once in file order: unknown fields and criterion kinds (with the
 * nearest known name, as experiment files suggest it: {@link NearestName}), missing or ill-typed
 * values, thresholds out of range, failure signs, benchmark operations and figures the lab does not know, a
 * {@code dryRun} that is not true or false, and what {@link YamlDocument} refuses (YAML syntax, a tab in the
 * indentation, a duplicate key, an empty file, a second document).
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
        if (!tree.isObject()) {
            throw new InvalidPolicyException(file + ":1: a policy is a mapping of fields (name: ..., criteria: ...),"
                    + " not " + (tree.isArray() ? "a list" : "a single value"));
        }
        List<Problem> problems = problems(tree);
        if (!problems.isEmpty()) {
            throw new InvalidPolicyException(String.join("\n", problems.stream()
                    .sorted(Comparator.comparingInt((Problem p) -> lines.lineOf(p.pointer())))
                    .map(p -> file + ":" + lines.lineOf(p.pointer()) + ": " + p.field() + ": " + p.message())
                    .toList()));
        }
        try {
            return bound(tree);
        } catch (JsonMappingException e) {
            throw new InvalidPolicyException(file + ":" + lines.lineOf(SourceLines.pointerOf("", e)) + ": " + field("", e) + ": "
                    + what(e));
        } catch (JsonProcessingException e) {
            throw new InvalidPolicyException(file + ":1: " + e.getOriginalMessage());
        }
    }

    /**
     * The policy in {@code tree}, each criterion that says {@code dryRun: true} held as a {@link DryRun}: the
     * field is the policy's, not the criterion kind's, so any kind may be a dry run.
     */
    private static Policy bound(JsonNode tree) throws JsonProcessingException {
        JsonNode copy = tree.deepCopy();
        List<Boolean> dry = new ArrayList<>();
        for (JsonNode criterion : copy.path("criteria")) {
            dry.add(criterion.path(DRY_RUN).asBoolean(false));
            ((ObjectNode) criterion).remove(DRY_RUN);
        }
        Policy policy = BINDER.treeToValue(copy, Policy.class);
        List<Criterion> criteria = IntStream.range(0, policy.criteria().size())
                .mapToObj(i -> dry.get(i) ? new DryRun(policy.criteria().get(i)) : policy.criteria().get(i)).toList();
        return new Policy(policy.name(), criteria);
    }

    /** {@code criterion} without its {@code dryRun} field, as its kind's record reads it. */
    private static JsonNode withoutDryRun(JsonNode criterion) {
        ObjectNode copy = criterion.deepCopy();
        copy.remove(DRY_RUN);
        return copy;
    }

    /** The field any criterion may have: judged and reported, never deciding ({@link DryRun}). */
    private static final String DRY_RUN = "dryRun";

    /**
     * A mistake in a policy: where it is ({@code /criteria/0/atMost}), the field as a person finds it
     * ({@code criteria[0].atMost}) and what is wrong.
     */
    private record Problem(String pointer, String field, String message) {
    }

    /**
     * Every mistake in {@code policy} found without binding it whole, all at once: unknown fields
     * (with the nearest known name), unknown or missing criterion kinds, criteria that do not bind
     * (a missing field, a wrong type), thresholds out of their range.
     */
    private static List<Problem> problems(JsonNode policy) {
        List<Problem> problems = new ArrayList<>();
        List<String> suggested = unknownFields(policy, "", "", "a policy", RecordFieldNames.of(Policy.class), problems);
        JsonNode criteria = policy.path("criteria");
        if (criteria.isMissingNode() || criteria.isNull() || criteria.isArray() && criteria.isEmpty()) {
            if (!suggested.contains("criteria")) {   // criteria misspelt: one mistake, said once
                problems.add(new Problem("/criteria", "criteria", "a policy needs at least one criterion"));
            }
        } else if (!criteria.isArray()) {
            problems.add(new Problem("/criteria", "criteria", "must be a list of criteria (- kind: ...)"));
        } else {
            for (int i = 0; i < criteria.size(); i++) {
                criterion(criteria.get(i), "/criteria/" + i, "criteria[" + i + "]", problems);
            }
        }
        return problems;
    }

    /** The mistakes in one criterion, at {@code pointer} and named {@code field}. */
    private static void criterion(JsonNode criterion, String pointer, String field, List<Problem> problems) {
        if (!criterion.isObject()) {
            boolean empty = criterion.isNull() || criterion.isTextual() && criterion.asText().isBlank();
            problems.add(new Problem(pointer, field, empty ? "an empty item: write a criterion or remove"
                    + " the line" : "a criterion is a mapping of fields (kind: ..., and its own), not "
                    + (criterion.isArray() ? "a list" : "a single value")));
            return;
        }
        JsonNode kind = criterion.path("kind");
        if (kind.isMissingNode() || kind.isNull()) {
            problems.add(new Problem(pointer, field, "missing field 'kind'; expected one of " + KINDS));
            return;
        }
        int type = KINDS.indexOf(kind.asText());
        if (!kind.isTextual() || type < 0) {
            String nearest = kind.isTextual() ? NearestName.of(kind.asText(), KINDS) : null;
            problems.add(new Problem(pointer + "/kind", field + ".kind", "unknown criterion kind '" + kind.asText()
                    + "'" + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " (expected one of "
                    + KINDS + ")"));
            return;
        }
        List<String> known = new ArrayList<>(List.of("kind"));
        known.addAll(RecordFieldNames.of(CRITERIA.get(type)));
        known.add(DRY_RUN);
        if (!unknownFields(criterion, pointer, field + ".", kind.asText(), known, problems).isEmpty()) {
            return;
        }
        int before = problems.size();
        JsonNode dryRun = criterion.get(DRY_RUN);
        if (dryRun != null && !dryRun.isBoolean()) {
            problems.add(new Problem(pointer + "/" + DRY_RUN, field + "." + DRY_RUN, "must be true or false, not "
                    + (dryRun.isTextual() ? "'" + dryRun.asText() + "'" : dryRun.isNull() ? "empty" : dryRun.toString())));
        }
        numbersAsText(criterion, CRITERIA.get(type), pointer, field, problems);
        phaseNames(criterion.path("phases"), pointer + "/phases", field + ".phases", "leave phases out to judge every"
                + " phase", problems);
        phaseNames(criterion.path(BASELINE_PHASES), pointer + "/" + BASELINE_PHASES, field + "." + BASELINE_PHASES,
                "name the phase(s) the ratio is against, e.g. [2]", problems);
        JsonNode figures = criterion.path("figures");
        if (figures.isArray() && figures.isEmpty()) {
            problems.add(new Problem(pointer + "/figures", field + ".figures", "an empty list selects no figure: name"
                    + " figures, or leave figures out to judge all (" + String.join(", ", FigureShift.FAMILIES) + ")"));
        }
        noiseFloors(criterion.path("noise"), pointer + "/noise", field + ".noise", problems);
        if (problems.size() > before) {
            return;
        }
        try {
            BINDER.treeToValue(withoutDryRun(criterion), Criterion.class);
        } catch (JsonMappingException e) {
            problems.add(e.getCause() instanceof InvalidCriterionException wrong ? fieldsApart(pointer, field, wrong)
                    : new Problem(SourceLines.pointerOf(pointer, e), field(field, e), what(e)));
            return;
        } catch (JsonProcessingException e) {
            problems.add(new Problem(pointer, field, e.getOriginalMessage()));
            return;
        }
        criterion.fields().forEachRemaining(threshold -> {
            String why = threshold.getValue().isNumber() ? rangeProblem(threshold.getKey(), threshold.getValue()) : null;
            if (why != null) {
                problems.add(new Problem(pointer + "/" + SourceLines.escaped(threshold.getKey()), field + "." + threshold.getKey(),
                        why));
            }
            List<String> names = KNOWN_NAMES.get(threshold.getKey());
            if (names != null && threshold.getValue().isArray()) {
                for (int i = 0; i < threshold.getValue().size(); i++) {
                    String name = threshold.getValue().get(i).asText();
                    if (!names.contains(name)) {
                        String nearest = NearestName.of(name, names);
                        problems.add(new Problem(pointer + "/" + SourceLines.escaped(threshold.getKey()) + "/" + i,
                                field + "." + threshold.getKey() + "[" + i + "]", "unknown " + NAMED.get(threshold.getKey())
                                + " '" + name + "'" + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
                                + " (the lab knows: " + String.join(", ", names) + ")"));
                    }
                }
            }
        });
    }

    /**
     * A criterion whose fields do not go together, said at the field its record names ({@link InvalidCriterionException}),
     * or at the criterion where none is at fault alone.
     */
    private static Problem fieldsApart(String pointer, String field, InvalidCriterionException wrong) {
        return wrong.field() == null ? new Problem(pointer, field, wrong.getMessage())
                : new Problem(pointer + "/" + SourceLines.escaped(wrong.field()), field + "." + wrong.field(),
                wrong.getMessage());
    }

    /**
     * A threshold written as text ({@code "NaN"}, {@code "Infinity"}, {@code "900"}): the binder would read it as a
     * number past every range check (a percentage of NaN or 900 judges nothing), so a number must be written as one.
     */
    private static void numbersAsText(JsonNode criterion, Class<?> type, String pointer, String field,
                                      List<Problem> problems) {
        for (RecordComponent component : type.getRecordComponents()) {
            JsonNode value = criterion.get(component.getName());
            boolean numeric = component.getType().isPrimitive() && component.getType() != boolean.class
                    || Number.class.isAssignableFrom(component.getType());
            if (numeric && value != null && value.isTextual() && readsAsNumber(value.asText())) {
                problems.add(new Problem(pointer + "/" + SourceLines.escaped(component.getName()),
                        field + "." + component.getName(), "must be a number written as one (e.g. 99), not the text '"
                        + value.asText() + "'"));
            }
        }
    }

    /** Whether the binder would read {@code text} as a number ({@code NaN}, {@code Infinity}, {@code 900}, {@code 1e3}). */
    private static boolean readsAsNumber(String text) {
        try {
            Double.parseDouble(text.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Phase names that can name no phase of any run: an empty list (it would judge nothing), a number that is not a
     * whole number from 1, or something that is neither a number nor a phase kind's name. Names of phases a run may
     * not have (14 of a 9-phase run) are checked against the run ({@link #phasesMatchingNone}).
     */
    private static void phaseNames(JsonNode phases, String pointer, String field, String instead,
                                   List<Problem> problems) {
        if (!phases.isArray()) {
            return;
        }
        if (phases.isEmpty()) {
            problems.add(new Problem(pointer, field, "an empty list selects no phase: name phases, or " + instead));
        }
        for (int i = 0; i < phases.size(); i++) {
            JsonNode name = phases.get(i);
            boolean number = name.isIntegralNumber() && name.canConvertToInt() && name.asInt() >= 1;
            boolean kind = name.isTextual() && PHASE_KIND.matcher(name.asText()).matches();
            if (!number && !kind && !name.isNull()) {
                problems.add(new Problem(pointer + "/" + i, field + "[" + i + "]", name + " is not a phase: name one by"
                        + " its number in the report (1, 2, ...) or by its kind (e.g. rollingServerUpgrade)"));
            }
        }
    }

    /** The field of a {@code prometheus} criterion naming the phases its ratio is against, checked as {@code phases} are. */
    private static final String BASELINE_PHASES = "baselinePhases";

    /** How a phase kind is spelt (rampTo, rollingServerUpgrade), or a phase number written as text. */
    private static final Pattern PHASE_KIND = Pattern.compile("[a-z][A-Za-z0-9]*|[1-9][0-9]{0,8}");

    /**
     * The criteria's phase names that name no phase of a run whose phases are {@code kinds} (in order, numbered
     * from 1), each at its line ({@code FILE:LINE: criteria[2].phases[0]: ...}); empty when every name matches.
     * A typo would otherwise be found only as a failed criterion, which reads as a failed upgrade.
     */
    public static List<String> phasesMatchingNone(Path file, List<String> kinds) {
        YamlDocument document;
        try {
            document = YamlDocument.parse(Files.readString(file), "", "");
        } catch (IOException | YamlDocument.SyntaxException e) {
            return List.of();   // read already, by read(file)
        }
        List<String> found = new ArrayList<>();
        JsonNode criteria = document.tree().path("criteria");
        for (int c = 0; c < criteria.size(); c++) {
            for (String selector : List.of("phases", BASELINE_PHASES)) {
                JsonNode phases = criteria.get(c).path(selector);
                for (int i = 0; i < phases.size(); i++) {
                    String name = phases.get(i).asText();
                    if (IntStream.range(0, kinds.size()).noneMatch(k -> PhaseSelection.names(name, k + 1, kinds.get(k)))) {
                        found.add(file + ":" + document.lines().lineOf("/criteria/" + c + "/" + selector + "/" + i)
                                + ": criteria[" + c + "]." + selector + "[" + i + "]: no phase of the run is " + name
                                + " (it has phases 1 to " + kinds.size() + ": " + String.join(", ", kinds) + ")");
                    }
                }
            }
        }
        return found;
    }

    /**
     * A {@code baseline} criterion's {@code noise}: a figure family's floor each, a shift of 0 or more in
     * the figure's unit, as {@code upgrade-lab noise} prints them; a family the lab does not know would
     * quiet nothing.
     */
    private static void noiseFloors(JsonNode noise, String pointer, String field, List<Problem> problems) {
        if (noise.isMissingNode() || noise.isNull()) {
            return;
        }
        if (!noise.isObject()) {
            problems.add(new Problem(pointer, field, "a floor per figure family, e.g. {cpu: 11.2, p99: 3.5}"
                    + " (from upgrade-lab noise)"));
            return;
        }
        noise.fields().forEachRemaining(entry -> {
            if (!FigureShift.FAMILIES.contains(entry.getKey())) {
                problems.add(new Problem(pointer + "/" + entry.getKey(), field + "." + entry.getKey(),
                        "not a figure family: one of " + String.join(", ", FigureShift.FAMILIES)));
            } else if (!entry.getValue().isNumber() || entry.getValue().asDouble() < 0) {
                problems.add(new Problem(pointer + "/" + entry.getKey(), field + "." + entry.getKey(),
                        "a shift of 0 or more in the figure's unit, not " + entry.getValue()));
            }
        });
    }

    /**
     * The lists of names a criterion's field holds, by the field's name, as ranges follow from it: a name
     * the lab does not know would match nothing, and a criterion that matches nothing must not pass on
     * it. {@code signs} are failure signs ({@link FailureSignWarning#SIGNS}), {@code operations} naming
     * benchmark operations ({@link NamingBenchmark#OPERATIONS}), {@code figures} the families of figures a
     * {@code baseline} criterion judges ({@link FigureShift#FAMILIES}).
     */
    private static final Map<String, List<String>> KNOWN_NAMES = Map.of("signs", FailureSignWarning.SIGNS,
            "operations", NamingBenchmark.OPERATIONS, "figures", FigureShift.FAMILIES);
    /** What each of those lists names, as a mistake says it. */
    private static final Map<String, String> NAMED = Map.of("signs", "failure sign", "operations",
            "benchmark operation", "figures", "figure");

    /**
     * Adds a problem for each field of {@code object} not in {@code known}, suggesting the nearest
     * known name, and returns what was added (the names suggested, null where none was close);
     * {@code holder} says what has the fields.
     */
    private static List<String> unknownFields(JsonNode object, String pointer, String prefix, String holder,
                                              List<String> known, List<Problem> problems) {
        List<String> suggested = new ArrayList<>();
        object.fieldNames().forEachRemaining(name -> {
            if (!known.contains(name)) {
                String nearest = NearestName.of(name, known);
                problems.add(new Problem(pointer + "/" + SourceLines.escaped(name), prefix + name, "unknown field '" + name + "'"
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " (" + holder + " has: "
                        + String.join(", ", known) + ")"));
                suggested.add(nearest);
            }
        });
        return suggested;
    }

    /**
     * What is wrong with a threshold, or null when it is in its range. The range follows from the
     * field's name, so a new criterion needs no entry here: a {@code ...Percent} is 0 to 100,
     * {@code seconds} and a ratio are above 0, any other count is 0 or more; every number is finite.
     */
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

    /** {@code criteria[2].atMost} under {@code base}: the field as a person finds it in the file. */
    private static String field(String base, JsonMappingException e) {
        StringBuilder path = new StringBuilder(base);
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
        String expected = e instanceof MismatchedInputException m ? expected(m.getTargetType()) : null;
        if (expected != null) {
            return "must be " + expected + (e instanceof InvalidFormatException f && f.getValue() != null
                    ? ", not " + (f.getValue() instanceof String text ? "'" + text + "'" : f.getValue()) : "");
        }
        return message.length() > 200 ? message.substring(0, 200) + "..." : message;
    }

    /** A field's type as a person says it, for one the policy's records use; null for others. */
    private static String expected(Class<?> type) {
        if (type == null) {
            return null;
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "text";
        }
        return List.class.isAssignableFrom(type) ? "a list (- item)" : null;
    }

    /** A policy file that cannot be used; its message names the file, the line and the field. */
    public static final class InvalidPolicyException extends RuntimeException {
        public InvalidPolicyException(String message) {
            super(message);
        }
    }
}
