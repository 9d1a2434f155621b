package io.upgradelab.runner.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import io.fabric8.chaosmesh.v1alpha1.NetworkChaos;
import io.fabric8.chaosmesh.v1alpha1.PodChaos;
import io.fabric8.chaosmesh.v1alpha1.StressChaos;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;
import java.util.Map;

/**
 * Chaos Mesh's resources, checked offline the one way at hand: no JSON schema of its CRDs is on Maven
 * Central, but fabric8's Chaos Mesh model is generated from them, so a resource is read into its typed
 * class with the model's catch-all for unknown fields ({@code additionalProperties}, a Jackson any-setter)
 * switched off: a misspelled or misplaced field fails the read by name, as a schema with
 * {@code additionalProperties: false} would, and so does a value of the wrong shape.
 */
final class ChaosMeshShapes {

    static final String API_VERSION = "chaos-mesh.org/v1alpha1";
    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of("PodChaos", PodChaos.class,
            "NetworkChaos", NetworkChaos.class, "StressChaos", StressChaos.class);
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .setAnnotationIntrospector(new JacksonAnnotationIntrospector() {
                @Override
                public Boolean hasAnySetter(Annotated annotated) {
                    return Boolean.FALSE;
                }
            });

    private ChaosMeshShapes() {
    }

    /** Whether {@code resource} is one of the Chaos Mesh kinds the lab writes. */
    static boolean has(JsonNode resource) {
        return API_VERSION.equals(resource.path("apiVersion").asText()) && KINDS.containsKey(resource.path("kind").asText());
    }

    /** What is wrong with {@code resource} by its kind's model; empty when nothing is. */
    static List<String> validate(JsonNode resource) {
        try {
            STRICT.treeToValue(resource, KINDS.get(resource.path("kind").asText()));
            return List.of();
        } catch (JsonProcessingException e) {
            return List.of(e.getOriginalMessage());
        }
    }
}
