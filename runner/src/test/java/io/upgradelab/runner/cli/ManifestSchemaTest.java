package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37: every rendered manifest (the committed kustomize base, {@code render k8s} of the shipped
 * kubernetes experiment, with a PodMonitor and with faults) is valid by the Kubernetes API's schema of
 * its kind, offline and strict ({@link KubernetesSchemas}: a misspelled field or a wrong type fails).
 * The Prometheus Operator's PodMonitor is checked the same way, by the schema fabric8's monitoring model
 * carries; Chaos Mesh's resources, for which no schema is at hand, by its typed model read strictly
 * ({@link ChaosMeshShapes}).
 */
class ManifestSchemaTest {

    private static KubernetesSchemas schemas;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() {
        schemas = KubernetesSchemas.load();
    }

    @Test
    void everyRenderedManifestIsValidByItsKindsSchema() {
        int checked = 0;
        int chaos = 0;
        Set<String> kinds = new TreeSet<>();
        for (Map.Entry<String, Map<String, JsonNode>> set : Map.of("base", RenderedSets.base(),
                "render", RenderedSets.shipped(dir), "podMonitor", RenderedSets.withPodMonitor(dir),
                "faults", RenderedSets.withFaults(dir)).entrySet()) {
            for (Map.Entry<String, JsonNode> f : set.getValue().entrySet()) {
                String kind = f.getValue().at("/kind").asText();
                String where = set.getKey() + " " + f.getKey();
                if (ChaosMeshShapes.has(f.getValue())) {
                    assertThat(ChaosMeshShapes.validate(f.getValue())).as(where).isEmpty();
                    chaos++;
                    continue;
                }
                assertThat(schemas.has(f.getValue())).as(where + ": a schema for " + kind).isTrue();
                assertThat(schemas.validate(f.getValue())).as(where).isEmpty();
                kinds.add(kind);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
        assertThat(kinds).contains("PodMonitor", "StatefulSet", "Deployment", "Job", "NetworkPolicy");
        assertThat(chaos).as("the faults' PodChaos and NetworkChaos").isGreaterThanOrEqualTo(5);
    }

    @Test
    void aChaosMeshResourceWithAMisspelledFieldOrAWrongShapeFails() {
        JsonNode network = RenderedSets.withFaults(dir).values().stream()
                .filter(r -> r.path("kind").asText().equals("NetworkChaos")).findFirst().orElseThrow();
        assertThat(ChaosMeshShapes.validate(network)).isEmpty();

        ObjectNode misspelled = network.deepCopy();
        ((ObjectNode) misspelled.get("spec")).set("directon", ((ObjectNode) misspelled.get("spec")).remove("direction"));
        assertThat(ChaosMeshShapes.validate(misspelled)).singleElement().asString().contains("directon");

        ObjectNode wrongShape = network.deepCopy();
        ((ObjectNode) wrongShape.get("spec")).putArray("selector");
        assertThat(ChaosMeshShapes.validate(wrongShape)).isNotEmpty();
    }

    @Test
    void aMisspelledFieldFails() {
        ObjectNode job = job();
        ObjectNode context = (ObjectNode) job.at("/spec/template/spec/securityContext");
        context.set("runAsNonroot", context.remove("runAsNonRoot"));
        assertThat(schemas.validate(job)).as("runAsNonroot").isNotEmpty()
                .anySatisfy(m -> assertThat(m).contains("runAsNonroot"));

        ObjectNode misplaced = job();
        ((ObjectNode) misplaced.at("/spec/template/spec/containers/0")).put("readOnlyRootFileSystem", true);
        assertThat(schemas.validate(misplaced)).anySatisfy(m -> assertThat(m).contains("readOnlyRootFileSystem"));
    }

    @Test
    void aWrongTypeFails() {
        ObjectNode job = job();
        ((ObjectNode) job.at("/spec/template/spec/securityContext")).put("runAsUser", "upgrade-lab");
        assertThat(schemas.validate(job)).anySatisfy(m -> assertThat(m).contains("runAsUser"));

        ObjectNode quantity = job();
        ((ObjectNode) quantity.at("/spec/template/spec/containers/0/resources/limits")).putObject("memory");
        assertThat(schemas.validate(quantity)).as("a quantity is a string or a number").isNotEmpty();
    }

    @Test
    void theSchemasAreFabric8sModelJarsOfTheKubernetesApi() {
        assertThat(schemas.size()).isGreaterThan(500);
    }

    private ObjectNode job() {
        return (ObjectNode) RenderedSets.base().get("13-runner-job.yaml").deepCopy();
    }
}
