package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.kinds.yaml.RecordFieldNames;
import io.upgradelab.runner.backend.Backends;
import io.upgradelab.runner.backend.CredentialsSource;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.fault.Fault;
import io.upgradelab.runner.fault.FaultPhase;
import io.upgradelab.runner.fault.Faults;
import io.upgradelab.runner.observe.configs.ConfigsSpec;
import io.upgradelab.runner.observe.signals.HttpSignal;
import io.upgradelab.runner.observe.signals.PrometheusSignal;
import io.upgradelab.runner.observe.signals.SignalSpec;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.plan.RecordFields;
import io.upgradelab.runner.plan.SchemaRef;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The parts of the experiment schema that follow from the kinds, written from their classes so
 * that adding a phase, condition, fault or backend is writing its class: each kind's {@code $defs/<kind>}
 * (its record's fields, required ones, descriptions, closed to others), the {@code kind} enums and
 * the if/then dispatch on them; for the fault phase, the same on {@code fault}, one
 * {@code $defs/fault.<name>} per fault with its parameters; the backends' names, their sections and
 * the rule that a section is read by its own backend only; and the sections bound to a record of
 * their own ({@code configs}, {@code metrics}), described where they are defined. The hand-written
 * base holds the rest, but for its sections' {@code default} keywords, read from the records they bind to
 * ({@link RecordDefaults}) as every generated section's are: a default is the code's, never a copy.
 *
 * <p>A field's schema follows from its Java type (a {@link Duration} is {@code $defs/duration}, a
 * condition {@code $defs/condition}) or from {@link SchemaRef} where the type does not say it; a
 * number always names a shared definition, so that every number a file gives has its range.
 * Kinds are listed by name, so the schema does not depend on class names.
 */
final class KindSchemas {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String DEFS = "#/$defs/";
    /** The sections generated from their records, by name (in order); the base refers to each as {@code $defs/<name>}. */
    private static final Map<String, Class<?>> SECTIONS = new TreeMap<>(Map.of("configs", ConfigsSpec.class,
            "metrics", MetricsSpec.class, "credentials", CredentialsSource.class, "signal", SignalSpec.class,
            "prometheusSignal", PrometheusSignal.class, "httpSignal", HttpSignal.class));
    /**
     * The sections the base writes by hand (their descriptions, ranges and rules say more than a record can), by
     * where it defines them, with the record each binds to: their {@code default} keywords still come from the
     * record ({@link #defaults}), as the generated sections' do, so an editor shows what the lab uses.
     */
    private static final Map<String, Class<?>> HAND_WRITTEN = Map.of("", Experiment.class, "/$defs/target",
            Target.class, "/$defs/fleet", FleetSpec.class, "/$defs/probe", ProbeSpec.class);
    private static final Map<Class<?>, String> REFERENCED = Map.of(Duration.class, "duration",
            Condition.class, "condition", Phase.class, "phase", CredentialsSource.class, "credentials");

    /** One kind as its dispatcher names it: {@code kind: rampTo} selects {@code $defs/rampTo}. */
    private record Case(String value, String definition, ObjectNode schema) {
    }

    private KindSchemas() {
    }

    /** {@code base} completed with every kind's part; {@code base} itself is left as it is. */
    static ObjectNode assemble(JsonNode base) {
        ObjectNode schema = base.deepCopy();
        ObjectNode defs = (ObjectNode) schema.get("$defs");
        dispatch(defs, "phase", "kind", ExperimentBinder.PHASES.stream().map(t -> kindCase(t, "phase")).toList());
        dispatch(defs, "condition", "kind",
                ExperimentBinder.CONDITIONS.stream().map(t -> kindCase(t, "condition")).toList());
        String faultPhase = FaultPhase.class.getAnnotation(JsonTypeName.class).value();
        List<Case> faults = Faults.names().stream().map(name -> faultCase(faultPhase, Faults.named(name).orElseThrow()))
                .toList();
        dispatch(defs, faultPhase, "fault", faults);
        SECTIONS.forEach((name, type) -> defs.set(name, section(name, type)));
        ArrayNode backends = ((ObjectNode) defs.at("/target/properties/backend")).putArray("enum");
        Backends.names().stream().sorted().forEach(backends::add);
        backendSections(defs);
        HAND_WRITTEN.forEach((pointer, type) -> defaults(type, (ObjectNode) schema.at(pointer)));
        // the client version: the records keep what the file says (client or its older name generation), so
        // the default is ClientField's, not a record's
        List.of("fleet", "probe").forEach(section -> ((ObjectNode) defs.at("/" + section + "/properties/client"))
                .put("default", ClientField.DEFAULT));
        ObjectNode faultField = (ObjectNode) defs.at("/" + faultPhase + "/properties/fault");
        faultField.put("description", faultField.path("description").asText() + " " + faults.stream()
                .map(c -> c.value() + ": " + lowerFirst(c.schema().path("description").asText()))
                .collect(Collectors.joining(" ")));
        return schema;
    }

    /**
     * Adds each case's schema under {@code $defs}, its value to the enum of {@code property} in
     * {@code $defs/<container>}, and an if/then that applies it where {@code property} has its value.
     */
    private static void dispatch(ObjectNode defs, String container, String property, List<Case> cases) {
        List<Case> sorted = cases.stream().sorted(Comparator.comparing(Case::value)).toList();
        ObjectNode holder = (ObjectNode) defs.get(container);
        holder.remove("additionalProperties");   // closed by the schema of the case it selects
        ObjectNode selector = (ObjectNode) holder.with("properties").get(property);
        selector.remove("type");   // the enum says it all, in one error
        ArrayNode values = selector.putArray("enum");
        ArrayNode allOf = holder.putArray("allOf");
        for (Case c : sorted) {
            if (defs.has(c.definition())) {
                throw new IllegalStateException("two schemas named $defs/" + c.definition() + ": rename a kind");
            }
            defs.set(c.definition(), c.schema());
            values.add(c.value());
            ObjectNode when = allOf.addObject();
            ObjectNode condition = when.putObject("if").put("type", "object");
            condition.putArray("required").add(property);
            condition.putObject("properties").putObject(property).put("const", c.value());
            when.putObject("then").put("$ref", DEFS + c.definition());
        }
    }

    private static Case kindCase(Class<?> type, String noun) {
        String kind = type.getAnnotation(JsonTypeName.class).value();
        ObjectNode schema = object(kind + " " + noun, type);
        schema.with("properties").putObject("kind").put("const", kind);
        schema.withArray("required").add("kind");
        fields(type, schema);
        return new Case(kind, kind, schema);
    }

    /** A fault's schema: the phase's own fields as the fault phase defines them, then the fault's parameters. */
    private static Case faultCase(String faultPhase, Fault fault) {
        ObjectNode schema = object(fault.name() + " fault", fault.getClass());
        ObjectNode properties = schema.with("properties");
        properties.putObject("kind").put("const", faultPhase);
        properties.putObject("fault").put("const", fault.name());
        for (RecordComponent c : FaultPhase.class.getRecordComponents()) {
            String name = RecordFieldNames.of(c);
            if (!c.getAccessor().isAnnotationPresent(JsonIgnore.class) && !name.equals("fault")) {
                properties.putObject(name).put("$ref", DEFS + faultPhase + "/properties/" + name);
            }
        }
        fields(fault.parameters(), schema);
        if (schema.get("required").isEmpty()) {
            schema.remove("required");
        }
        return new Case(fault.name(), faultPhase + "." + fault.name(), schema);
    }

    /**
     * Each backend's own section, {@code target.<backend>}, from the record it binds to
     * ({@link io.upgradelab.runner.backend.BackendType#settings()}), and its place in {@code target};
     * then the one rule for all of them ({@link #unreadSections}).
     */
    private static void backendSections(ObjectNode defs) {
        ObjectNode target = (ObjectNode) defs.get("target");
        List<String> backends = Backends.names().stream().sorted().toList();
        List<String> sections = new ArrayList<>();
        for (String name : backends) {
            Backends.require(name).settings().ifPresent(type -> {
                sections.add(name);
                defs.set(name, section(name, type));
                target.with("properties").putObject(name).put("description", "Settings of backend " + name
                        + " (target.backend: " + name + "); read only by it.").put("$ref", DEFS + name);
            });
        }
        ArrayNode rules = target.putArray("allOf");
        backends.forEach(backend -> unreadSections(backend, sections, rules));
    }

    /**
     * A section is read by its own backend only, so one given where {@code target.backend} names
     * another would be silently ignored: an error at the section's line instead, naming both backends.
     * One if/then per backend (the default one also where {@code backend} is left out), so the message
     * can name the file's.
     */
    private static void unreadSections(String backend, List<String> sections, ArrayNode rules) {
        List<String> unread = sections.stream().filter(section -> !section.equals(backend)).toList();
        if (unread.isEmpty()) {
            return;
        }
        ObjectNode rule = rules.addObject();
        ObjectNode condition = rule.putObject("if");
        condition.putObject("properties").putObject("backend").put("const", backend);
        if (!backend.equals(Target.DEFAULT_BACKEND)) {
            condition.putArray("required").add("backend");
        }
        ObjectNode refused = rule.putObject("then").putObject("properties");
        for (String section : unread) {
            ObjectNode field = refused.putObject(section).put("description", "Not read by backend " + backend + ".");
            field.putObject("not");
            field.putObject("errorMessage").put("not", "the '" + section + "' section is read by backend " + section
                    + " only, and this experiment's backend is " + backend + ": remove '" + section
                    + "', or use backend " + section);
        }
    }

    /** A section of the file bound to one record ({@code configs}, {@code metrics}): its fields, described, closed to others. */
    private static ObjectNode section(String name, Class<?> type) {
        ObjectNode schema = object(name + " section", type);
        fields(type, schema);
        if (schema.get("required").isEmpty()) {
            schema.remove("required");
        }
        return schema;
    }

    private static String lowerFirst(String text) {
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    private static ObjectNode object(String title, Class<?> type) {
        ObjectNode schema = JSON.objectNode().put("title", title);
        JsonClassDescription description = type.getAnnotation(JsonClassDescription.class);
        if (description != null) {
            schema.put("description", description.value());
        }
        schema.put("type", "object").put("additionalProperties", false);
        schema.putArray("required");
        schema.putObject("properties");
        return schema;
    }

    /** Each field of {@code record} (but those Jackson ignores) as a property, required where it must be given. */
    private static void fields(Class<?> record, ObjectNode schema) {
        RecordDefaults defaults = RecordDefaults.of(record);
        for (RecordComponent c : record.getRecordComponents()) {
            if (c.getAccessor().isAnnotationPresent(JsonIgnore.class)) {
                continue;
            }
            ObjectNode property = property(record, c);
            if (!RecordFields.required(c)) {
                defaults.of(c).ifPresent(value -> property.set("default", value));
            }
            schema.with("properties").set(RecordFieldNames.of(c), property);
            if (RecordFields.required(c)) {
                schema.withArray("required").add(RecordFieldNames.of(c));
            }
        }
    }

    /**
     * Sets {@code default} on each property of the hand-written {@code section} whose field of {@code record} has
     * one ({@link RecordDefaults}) and that neither is required nor states a default already; its description
     * is left as written.
     */
    private static void defaults(Class<?> record, ObjectNode section) {
        RecordDefaults defaults = RecordDefaults.of(record);
        List<String> required = new ArrayList<>();
        section.path("required").forEach(name -> required.add(name.asText()));
        for (RecordComponent c : record.getRecordComponents()) {
            String name = RecordFieldNames.of(c);
            if (section.path("properties").get(name) instanceof ObjectNode property && !property.has("default")
                    && !required.contains(name) && !RecordFields.required(c)) {
                defaults.of(c).ifPresent(value -> property.set("default", value));
            }
        }
    }

    private static ObjectNode property(Class<?> record, RecordComponent c) {
        ObjectNode property = JSON.objectNode();
        String description = RecordFields.description(c);
        if (!description.isEmpty()) {
            property.put("description", description);
        }
        SchemaRef ref = c.getAnnotation(SchemaRef.class);
        if (ref != null) {
            return property.put("$ref", DEFS + ref.value());
        }
        Class<?> type = c.getType();
        if (REFERENCED.containsKey(type)) {
            return property.put("$ref", DEFS + REFERENCED.get(type));
        }
        return property.put("type", jsonType(type, record.getName() + "." + c.getName()));
    }

    private static String jsonType(Class<?> type, String field) {
        if (type == boolean.class || type == Boolean.class) {
            return "boolean";
        }
        if (type == String.class) {
            return "string";
        }
        throw new IllegalStateException(field + ": no schema for " + type.getSimpleName()
                + "; name a shared definition with @SchemaRef (every number has a range there)");
    }
}
