package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Kubernetes API's JSON schemas, offline: those fabric8's model jars carry
 * ({@code schema/validation-schema.json} in kubernetes-model-core, -apps, -batch, -rbac, -networking...,
 * already on the test class path, 6.9.2: Kubernetes 1.28's types), made strict the way
 * {@code kubeconform -strict} is, so that a misspelled field or a wrong type fails:
 * <ul>
 *   <li>every object with {@code properties} gets {@code additionalProperties: false} (fabric8 writes
 *       {@code true} everywhere, to keep unknown fields in its Java objects);</li>
 *   <li>the types fabric8 models as Go structs are written as the API takes them on the wire:
 *       IntOrString an integer or a string, Quantity a string or a number, Time a string;</li>
 *   <li>fabric8's draft-3 style {@code "required": true} on apiVersion and kind is dropped (draft 7 wants
 *       a list); the keywords only its code generator reads ({@code javaType}...) are left, and ignored.</li>
 * </ul>
 * A resource is checked against the definition whose {@code apiVersion} and {@code kind} defaults are
 * its own. No schema here for custom resources (Chaos Mesh's, the Prometheus Operator's PodMonitor):
 * {@link #validate} says so with an empty result, and {@link #has} tells them apart.
 */
final class KubernetesSchemas {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> WIRE_STRINGS = List.of("kubernetes_apimachinery_Time",
            "kubernetes_apimachinery_MicroTime");

    private final ObjectNode definitions;
    /** {@code apiVersion/kind} to its definition's name. */
    private final Map<String, String> byKind = new HashMap<>();
    private final Map<String, JsonSchema> schemas = new HashMap<>();
    private final JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7);

    private KubernetesSchemas(ObjectNode definitions) {
        this.definitions = definitions;
        definitions.fields().forEachRemaining(d -> {
            JsonNode properties = d.getValue().path("properties");
            String apiVersion = properties.path("apiVersion").path("default").asText("");
            String kind = properties.path("kind").path("default").asText("");
            if (!apiVersion.isEmpty() && !kind.isEmpty()) {
                byKind.putIfAbsent(apiVersion + "/" + kind, d.getKey());
            }
        });
    }

    /** Every definition of every fabric8 model jar on the class path, made strict. */
    static KubernetesSchemas load() {
        ObjectNode definitions = JsonNodeFactory.instance.objectNode();
        try {
            for (URL url : Collections.list(KubernetesSchemas.class.getClassLoader()
                    .getResources("schema/validation-schema.json"))) {
                try (InputStream in = url.openStream()) {
                    JsonNode schema = JSON.readTree(in);
                    schema.path("definitions").fields().forEachRemaining(d -> definitions.set(d.getKey(), d.getValue()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        strict(definitions);
        definitions.fields().forEachRemaining(d -> {
            if (d.getKey().endsWith("_IntOrString")) {
                d.setValue(types("integer", "string"));
            } else if (d.getKey().endsWith("_Quantity")) {
                d.setValue(types("string", "number"));
            } else if (WIRE_STRINGS.contains(d.getKey())) {
                d.setValue(types("string"));
            }
        });
        return new KubernetesSchemas(definitions);
    }

    /** Whether there is a schema for {@code resource}'s apiVersion and kind. */
    boolean has(JsonNode resource) {
        return definition(resource).isPresent();
    }

    /** What is wrong with {@code resource} by its kind's schema; empty when nothing is, or when there is no schema. */
    List<String> validate(JsonNode resource) {
        Optional<String> definition = definition(resource);
        if (definition.isEmpty()) {
            return List.of();
        }
        JsonSchema schema = schemas.computeIfAbsent(definition.get(), name -> {
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            root.put("$ref", "#/definitions/" + name);
            root.set("definitions", definitions);
            return factory.getSchema(root);
        });
        List<String> problems = new ArrayList<>();
        for (ValidationMessage m : schema.validate(resource)) {
            problems.add(m.getMessage());
        }
        return problems;
    }

    /** The number of definitions read: a guard that the jars were found. */
    int size() {
        return definitions.size();
    }

    private Optional<String> definition(JsonNode resource) {
        return Optional.ofNullable(byKind.get(resource.path("apiVersion").asText() + "/" + resource.path("kind").asText()));
    }

    /** additionalProperties false on every object with properties, draft-3 booleans "required" gone, everywhere. */
    private static void strict(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.has("properties") && object.path("additionalProperties").isBoolean()) {
                object.put("additionalProperties", false);
            }
            if (object.path("required").isBoolean()) {
                object.remove("required");
            }
            for (Iterator<JsonNode> values = object.elements(); values.hasNext(); ) {
                strict(values.next());
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(KubernetesSchemas::strict);
        }
    }

    private static ObjectNode types(String... types) {
        ObjectNode schema = JsonNodeFactory.instance.objectNode();
        ArrayNode list = schema.putArray("type");
        for (String t : types) {
            list.add(t);
        }
        return schema;
    }
}
