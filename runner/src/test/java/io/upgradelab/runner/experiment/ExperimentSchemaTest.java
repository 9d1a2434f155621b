package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.HeapSizes;
import io.upgradelab.runner.backend.Backends;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.fault.FaultPhase;
import io.upgradelab.runner.fault.Faults;
import io.upgradelab.runner.observe.configs.ConfigsSpec;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.Problems;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The schema and the model say the same: every kind, every field, every fault, the duration pattern;
 * and the committed schema is the one the runner assembles.
 */
class ExperimentSchemaTest {

    private final JsonNode schema = ExperimentSchema.get().document();

    /**
     * experiments/experiment.schema.json is what people and editors read; the runner assembles the
     * schema it checks with from the base and the kinds. With this property set, the test writes
     * the assembled schema there instead of comparing ({@link #REGENERATE}).
     */
    static final String WRITE = "upgradelab.writeSchema";
    static final String REGENERATE = "./mvnw -B -ntp -o -q -pl runner -am test -Dtest=ExperimentSchemaTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -D" + WRITE + "=true";

    /** A backend's section is read where the schema says it is: target's field of the backend's name, of its settings' type. */
    @Test
    void eachBackendsSectionIsTheTargetFieldOfItsNameAndItsSchemaComesFromThatRecord() {
        Map<String, Class<?>> targetFields = java.util.Arrays.stream(Target.class.getRecordComponents())
                .collect(java.util.stream.Collectors.toMap(java.lang.reflect.RecordComponent::getName,
                        java.lang.reflect.RecordComponent::getType));
        List<String> withSettings = Backends.names().stream().filter(n -> Backends.require(n).settings().isPresent())
                .sorted().toList();
        assertThat(withSettings).containsExactly("external", "kubernetes", "local", "testcontainers");
        for (String name : withSettings) {
            assertThat(targetFields).as("target." + name).containsEntry(name, Backends.require(name).settings().orElseThrow());
            assertThat(schema.at("/$defs/target/properties/" + name + "/$ref").asText()).isEqualTo("#/$defs/" + name);
            assertThat(schema.at("/$defs/" + name + "/properties").size()).as(name + "'s fields")
                    .isEqualTo(java.util.Arrays.stream(Backends.require(name).settings().orElseThrow().getRecordComponents())
                            .filter(c -> !c.getAccessor().isAnnotationPresent(com.fasterxml.jackson.annotation.JsonIgnore.class))
                            .count());   // a field Jackson ignores (kubernetes.instance: the experiment's name) is no setting
        }
        assertThat(schema.at("/$defs/external/required")).extracting(JsonNode::asText).containsExactly("addresses");
        assertThat(schema.at("/$defs/external/properties/credentials/$ref").asText()).isEqualTo("#/$defs/credentials");
    }

    /** A field the schema says moved is no field where it was, and is one where it went. */
    /** An editor shows the code's defaults: a kind's record built with nothing given says them, not a copy. */
    @Test
    void aFieldsDefaultIsWhatItsRecordFillsInWhenTheFileGivesNone() {
        JsonNode gateway = schema.at("/$defs/gatewayBenchmark/properties");
        assertThat(gateway.at("/backends/default").asInt()).isEqualTo(2);
        assertThat(gateway.at("/delay/default").asText()).isEqualTo("20ms");
        assertThat(gateway.at("/concurrency/default")).extracting(JsonNode::asInt).containsExactly(600, 800, 1000);
        assertThat(gateway.at("/loadBalancerCache/default").asBoolean()).isTrue();
        assertThat(gateway.has("during") && gateway.at("/during").has("default")).as("an object: none").isFalse();
        assertThat(gateway.at("/duringConnections").has("default")).as("worked out at run time: none").isFalse();
        assertThat(schema.at("/$defs/rampTo/properties/providers").has("default")).as("required: none").isFalse();
    }

    /**
     * The hand-written sections' defaults are the code's too: an experiment giving only what it must, bound, holds
     * in each field the schema gives a default for exactly that default, and a few are named so the check is not
     * vacuous.
     */
    @Test
    void aTopLevelSectionsDefaultIsWhatTheBinderFillsInWhenTheFileGivesNone() throws IOException {
        Problems problems = new Problems();
        Experiment minimal = ExperimentBinder.bind(new ObjectMapper().readTree("{\"name\": \"minimal\", \"target\":"
                + " {\"version\": \"1.4.1\"}, \"phases\": [{\"kind\": \"hold\", \"for\": \"10s\"}]}"), problems)
                .orElseThrow(() -> new AssertionError(problems.all()));
        ObjectNode bound = ExperimentBinder.mapper().valueToTree(minimal);
        // the client version is kept as the file says it (client, or its older name generation): the one used is this
        ((ObjectNode) bound.get("fleet")).put("client", minimal.fleet().clientVersion());
        ((ObjectNode) bound.get("probe")).put("client", minimal.probe().clientVersion());
        Map<String, String> sections = Map.of("", "", "/$defs/target", "/target", "/$defs/local", "/target/local",
                "/$defs/kubernetes", "/target/kubernetes", "/$defs/testcontainers", "/target/testcontainers",
                "/$defs/fleet", "/fleet", "/$defs/probe", "/probe");
        List<String> checked = new ArrayList<>();
        sections.forEach((section, inFile) -> schema.at(section + "/properties").fields().forEachRemaining(field -> {
            if (field.getValue().has("default")) {
                String at = inFile + "/" + field.getKey();
                assertThat(sameValue(field.getValue().get("default"), bound.at(at))).as(at + ": schema says "
                        + field.getValue().get("default") + ", the binder fills in " + bound.at(at)).isTrue();
                checked.add(at);
            }
        }));
        assertThat(checked).contains("/observeEvery", "/scale", "/observation", "/target/backend", "/target/nodes",
                "/target/serverHeap", "/target/allowRemote", "/target/local/startTimeout", "/fleet/services",
                "/fleet/rampRate", "/fleet/logsIn", "/fleet/client", "/probe/client", "/probe/rate", "/probe/timeout", "/probe/demoProviders");
        assertThat(schema.at("/$defs/target/properties/backend/default").asText()).isEqualTo(Target.DEFAULT_BACKEND);
        assertThat(schema.at("/$defs/target/properties/nodes/default").asInt()).isEqualTo(minimal.target().nodes())
                .isEqualTo(3);
        assertThat(schema.at("/$defs/probe/properties/rate/default").asDouble()).isEqualTo(minimal.probe().rate());
        assertThat(schema.at("/properties/observation/default").asText()).isEqualTo("full");
        assertThat(schema.at("/$defs/target/properties/version").has("default")).as("required: none").isFalse();
    }

    /** Whether a default and a bound value are the same: numbers by value (1 and 1.0), others as JSON. */
    private static boolean sameValue(JsonNode expected, JsonNode actual) {
        return expected.isNumber() && actual.isNumber() ? expected.doubleValue() == actual.doubleValue()
                : expected.equals(actual);
    }

    /** Every experiment shipped tells an editor its schema (yaml-language-server reads the modeline on any line). */
    @Test
    void everyShippedExperimentNamesItsSchemaForEditors() throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(FakeDistributions.experiments())) {
            List<Path> experiments = files.filter(f -> f.toString().endsWith(".yaml") && !f.toString().endsWith(
                    ".policy.yaml")).toList();
            assertThat(experiments).isNotEmpty().allSatisfy(f -> assertThat(f).content()
                    .contains("\n# yaml-language-server: $schema=experiment.schema.json\n"));
        }
    }

    @Test
    void eachMovedFieldIsAFieldWhereItMovedTo() {
        JsonNode moved = schema.at("/$defs/target/moved");
        assertThat(moved.size()).isEqualTo(4);
        moved.fields().forEachRemaining(field -> {
            String[] to = field.getValue().asText().split("\\.");
            assertThat(to).hasSize(3).startsWith("target");
            assertThat(schema.at("/$defs/target/properties/" + field.getKey()).isMissingNode()).as(field.getKey()).isTrue();
            assertThat(schema.at("/$defs/target/properties/" + to[1] + "/$ref").asText()).isEqualTo("#/$defs/" + to[1]);
            assertThat(schema.at("/$defs/" + to[1] + "/properties/" + to[2]).isMissingNode()).as(field.getValue().asText())
                    .isFalse();
        });
    }

    @Test
    void theCommittedSchemaIsTheOneTheKindsAssemble() throws IOException {
        Path committed = FakeDistributions.experiments().resolve("experiment.schema.json");
        String assembled = text(ExperimentSchema.get().document());
        if (Boolean.getBoolean(WRITE)) {
            Files.writeString(committed, assembled);
        }
        assertThat(Files.readString(committed)).as(committed + " is not the schema the code assembles (base: runner/"
                + "src/main/resources" + ExperimentSchema.BASE + ", kinds: their classes); regenerate it with: "
                + REGENERATE).isEqualTo(assembled);
    }

    @Test
    void phaseKindsAreTheModelsAndEachHasTheRecordsFields() {
        Map<String, Class<?>> kinds = byKind(ExperimentBinder.PHASES);
        assertThat(values(schema.at("/$defs/phase/properties/kind/enum"))).containsExactlyInAnyOrderElementsOf(kinds.keySet());
        kinds.forEach((kind, type) -> assertThat(fieldsOf(schema.at("/$defs/" + kind)))
                .as(kind).isEqualTo(withKind(componentsOf(type))));
    }

    @Test
    void conditionKindsAreTheModelsAndEachHasTheRecordsFields() {
        Map<String, Class<?>> kinds = byKind(ExperimentBinder.CONDITIONS);
        assertThat(values(schema.at("/$defs/condition/properties/kind/enum"))).containsExactlyInAnyOrderElementsOf(kinds.keySet());
        kinds.forEach((kind, type) -> assertThat(fieldsOf(schema.at("/$defs/" + kind)))
                .as(kind).isEqualTo(withKind(componentsOf(type))));
    }

    @Test
    void theSectionsHaveTheRecordsFields() {
        assertThat(fieldsOf(schema)).isEqualTo(componentsOf(Experiment.class));
        assertThat(fieldsOf(schema.at("/$defs/target"))).isEqualTo(componentsOf(Target.class));
        assertThat(fieldsOf(schema.at("/$defs/fleet"))).isEqualTo(componentsOf(FleetSpec.class));
        assertThat(fieldsOf(schema.at("/$defs/probe"))).isEqualTo(componentsOf(ProbeSpec.class));
        assertThat(fieldsOf(schema.at("/$defs/configs"))).isEqualTo(componentsOf(ConfigsSpec.class));
        assertThat(fieldsOf(schema.at("/$defs/metrics"))).isEqualTo(componentsOf(MetricsSpec.class));
    }

    @Test
    void faultNamesAreTheFaultsOnTheClassPath() {
        assertThat(new TreeSet<>(values(schema.at("/$defs/fault/properties/fault/enum")))).isEqualTo(Faults.names());
    }

    @Test
    void eachFaultHasThePhasesFieldsAndItsOwnParameters() {
        Set<String> phase = withKind(componentsOf(FaultPhase.class));
        Faults.names().forEach(name -> {
            Set<String> expected = new TreeSet<>(phase);
            expected.addAll(componentsOf(Faults.named(name).orElseThrow().parameters()));
            assertThat(fieldsOf(schema.at("/$defs/fault." + name))).as(name).isEqualTo(expected);
        });
    }

    @Test
    void durationsUseThePatternTheParserUses() {
        assertThat(schema.at("/$defs/duration/pattern").asText()).isEqualTo(Durations.PATTERN);
    }

    @Test
    void heapsUseThePatternTheParserUses() {
        assertThat(schema.at("/$defs/heap/pattern").asText()).isEqualTo(HeapSizes.PATTERN);
    }

    @Test
    void theScaleAndProviderBoundsAreThePlansBounds() {
        assertThat(schema.at("/properties/scale/maximum").asDouble()).isEqualTo(FleetScale.MAX_FACTOR);
        assertThat(schema.at("/$defs/providers/maximum").asInt()).isEqualTo(FleetScale.MAX_PROVIDERS);
    }

    @Test
    void everyFieldIsDocumentedAndEveryObjectIsClosed() {
        List<String> undocumented = new ArrayList<>();
        List<String> open = new ArrayList<>();
        walk(schema, "", undocumented, open);
        assertThat(undocumented).isEmpty();
        assertThat(open).isEmpty();
    }

    /**
     * Each property of each object schema has a description (its own or its $ref's); each object schema forbids
     * others, but an if or a then, which only adds a rule to the closed object it belongs to.
     */
    private void walk(JsonNode node, String at, List<String> undocumented, List<String> open) {
        if (node.has("properties") && !at.contains("/if") && !at.contains("/then")) {
            if (!node.path("additionalProperties").isBoolean() || node.path("additionalProperties").asBoolean()) {
                if (!node.has("allOf")) {   // a dispatcher: closed by the schema of the kind it selects
                    open.add(at);
                }
            }
            node.get("properties").fields().forEachRemaining(field -> {
                JsonNode property = field.getValue();
                boolean described = property.has("description") || property.has("const")
                        || schema.at(property.path("$ref").asText("#").substring(1)).has("description");
                if (!described) {
                    undocumented.add(at + "/properties/" + field.getKey());
                }
            });
        }
        node.fields().forEachRemaining(child -> {
            if (child.getValue().isContainerNode()) {
                walk(child.getValue(), at + "/" + child.getKey(), undocumented, open);
            }
        });
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), at + "/" + i, undocumented, open);
            }
        }
    }

    private static Map<String, Class<?>> byKind(List<? extends Class<?>> kinds) {
        return kinds.stream().collect(Collectors.toMap(t -> t.getAnnotation(JsonTypeName.class).value(),
                t -> t, (a, b) -> a, java.util.LinkedHashMap::new));
    }

    private static Set<String> componentsOf(Class<?> record) {
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : record.getRecordComponents()) {
            if (c.getAccessor().isAnnotationPresent(JsonIgnore.class)) {
                continue;
            }
            JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
            names.add(renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName());
        }
        return names;
    }

    private static Set<String> withKind(Set<String> names) {
        Set<String> all = new TreeSet<>(names);
        all.add("kind");
        return all;
    }

    private static Set<String> fieldsOf(JsonNode objectSchema) {
        Set<String> names = new TreeSet<>();
        objectSchema.path("properties").fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> values(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    /** The whole schema as experiments/experiment.schema.json holds it: two-space indents, one final newline. */
    static String text(JsonNode document) throws JsonProcessingException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        printer.indentObjectsWith(new DefaultIndenter("  ", "\n"));
        return new ObjectMapper().writer(printer).writeValueAsString(document) + "\n";
    }
}
