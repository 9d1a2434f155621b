package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Quantity;
import io.upgradelab.runner.backend.kubernetes.LabLabels;
import io.upgradelab.runner.backend.kubernetes.PodSecurity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37, the chart tests: every manifest of the committed kustomize base and of {@code render k8s}
 * (the shipped kubernetes experiment, with a PodMonitor, with faults) has the recommended labels, every pod
 * template its security context, every container its requests and limits, no selector a label that
 * changes, and the PodMonitor is there only when switched on.
 */
class ProductionShapeTest {

    private static final List<String> WORKLOADS = List.of("Deployment", "StatefulSet", "Job");

    @TempDir
    Path dir;

    @Test
    void everyResourceOfEverySetCarriesTheRecommendedLabels() {
        for (Map.Entry<String, Map<String, JsonNode>> set : sets().entrySet()) {
            set.getValue().forEach((file, resource) -> {
                assertLabels(set.getKey() + " " + file, resource.at("/metadata/labels"));
                if (WORKLOADS.contains(resource.at("/kind").asText())) {
                    assertLabels(set.getKey() + " " + file + " pod template", resource.at("/spec/template/metadata/labels"));
                }
            });
        }
    }

    @Test
    void theNacosPodsSayTheirNacosVersionTheLabsPodsTheLabs() {
        Map<String, JsonNode> shipped = RenderedSets.shipped(dir);
        assertThat(shipped.get("02-nacos-statefulset.yaml").at("/spec/template/metadata/labels/app.kubernetes.io~1version")
                .asText()).isEqualTo("1.4.1");
        assertThat(shipped.get("13-runner-job.yaml").at("/spec/template/metadata/labels/app.kubernetes.io~1version")
                .asText()).isEqualTo(LabLabels.labVersion());
        assertThat(shipped.get("00-namespace.yaml").at("/metadata/labels/app.kubernetes.io~1instance").asText())
                .as("the experiment's name").isEqualTo("nacos-1x-to-2x-k8s");
    }

    @Test
    void noSelectorHoldsALabelThatChanges() {
        for (Map.Entry<String, Map<String, JsonNode>> set : sets().entrySet()) {
            set.getValue().forEach((file, resource) -> {
                List<JsonNode> selectors = new ArrayList<>();
                selectors.add(resource.at("/spec/selector/matchLabels"));
                selectors.add(resource.at("/spec/podSelector/matchLabels"));
                resource.at("/spec/ingress").forEach(rule -> rule.at("/from").forEach(
                        from -> selectors.add(from.at("/podSelector/matchLabels"))));
                for (JsonNode selector : selectors) {
                    assertThat(selector.has(LabLabels.VERSION) || selector.has(LabLabels.INSTANCE))
                            .as(set.getKey() + " " + file + ": " + selector).isFalse();
                }
            });
        }
    }

    @Test
    void everyPodTemplateHasItsSecurityContextAndEveryContainerItsRequestsAndLimits() {
        int pods = 0;
        for (Map.Entry<String, Map<String, JsonNode>> set : sets().entrySet()) {
            for (Map.Entry<String, JsonNode> f : set.getValue().entrySet()) {
                JsonNode resource = f.getValue();
                if (!WORKLOADS.contains(resource.at("/kind").asText())) {
                    assertThat(resource.at("/spec/template").isMissingNode()).as(f.getKey()).isTrue();
                    continue;
                }
                pods++;
                String at = set.getKey() + " " + f.getKey();
                JsonNode pod = resource.at("/spec/template/spec");
                boolean nacos = "nacos".equals(resource.at("/metadata/labels/app.kubernetes.io~1component").asText());
                assertThat(pod.at("/securityContext/seccompProfile/type").asText()).as(at).isEqualTo("RuntimeDefault");
                if (nacos) {   // the official image runs as root and writes into itself: PodSecurity says why
                    assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean(true)).as(at).isFalse();
                } else {
                    assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean()).as(at).isTrue();
                    for (String id : List.of("runAsUser", "runAsGroup", "fsGroup")) {
                        assertThat(pod.at("/securityContext/" + id).asLong()).as(at + " " + id).isEqualTo(PodSecurity.LAB_USER);
                    }
                }
                List<JsonNode> containers = new ArrayList<>();
                pod.at("/containers").forEach(containers::add);
                pod.at("/initContainers").forEach(containers::add);
                assertThat(containers).as(at).isNotEmpty();
                for (JsonNode c : containers) {
                    String in = at + " container " + c.at("/name").asText();
                    assertThat(c.at("/securityContext/allowPrivilegeEscalation").asBoolean(true)).as(in).isFalse();
                    assertThat(c.at("/securityContext/capabilities/drop").toString()).as(in).isEqualTo("[\"ALL\"]");
                    assertThat(c.at("/securityContext/capabilities/add").isMissingNode()).as(in).isTrue();
                    assertThat(c.at("/securityContext/privileged").asBoolean(false)).as(in).isFalse();
                    assertThat(c.at("/securityContext/readOnlyRootFilesystem").isBoolean()).as(in).isTrue();
                    assertThat(c.at("/securityContext/readOnlyRootFilesystem").asBoolean()).as(in).isEqualTo(!nacos);
                    if (!nacos) {   // a read-only root: /tmp and the working directory are its emptyDirs
                        assertThat(mountedEmptyDir(pod, c, PodSecurity.TMP)).as(in + " /tmp").isTrue();
                        assertThat(mountedEmptyDir(pod, c, "/var/lib/upgrade-lab")).as(in + " workdir").isTrue();
                    }
                    for (String resourceName : List.of("cpu", "memory")) {
                        JsonNode request = c.at("/resources/requests/" + resourceName);
                        JsonNode limit = c.at("/resources/limits/" + resourceName);
                        assertThat(request.isMissingNode() || limit.isMissingNode()).as(in + " " + resourceName).isFalse();
                        assertThat(new Quantity(limit.asText()).getNumericalAmount())
                                .as(in + " " + resourceName + ": the limit at least the request")
                                .isGreaterThanOrEqualTo(new Quantity(request.asText()).getNumericalAmount());
                    }
                }
            }
        }
        assertThat(pods).as("the sets hold pod templates").isGreaterThan(10);
    }

    @Test
    void thePodMonitorIsThereOnlyWhenSwitchedOnAndScrapesTheRunnersMetricsPort() {
        assertThat(kinds(RenderedSets.base())).doesNotContain("PodMonitor");
        assertThat(kinds(RenderedSets.shipped(dir))).doesNotContain("PodMonitor");
        Map<String, JsonNode> on = RenderedSets.withPodMonitor(dir);
        assertThat(kinds(on)).containsOnlyOnce("PodMonitor");
        JsonNode monitor = on.values().stream().filter(r -> "PodMonitor".equals(r.at("/kind").asText())).findFirst()
                .orElseThrow();
        assertThat(monitor.at("/apiVersion").asText()).isEqualTo("monitoring.coreos.com/v1");
        assertThat(monitor.at("/metadata/labels/app.kubernetes.io~1component").asText()).as("applied with the runner")
                .isEqualTo("runner");
        JsonNode job = on.values().stream().filter(r -> "Job".equals(r.at("/kind").asText())).findFirst().orElseThrow();
        JsonNode podLabels = job.at("/spec/template/metadata/labels");
        monitor.at("/spec/selector/matchLabels").fields().forEachRemaining(l ->
                assertThat(podLabels.path(l.getKey()).asText()).as(l.getKey()).isEqualTo(l.getValue().asText()));
        String port = monitor.at("/spec/podMetricsEndpoints/0/port").asText();
        List<String> ports = new ArrayList<>();
        job.at("/spec/template/spec/containers/0/ports").forEach(p -> ports.add(p.at("/name").asText()));
        assertThat(ports).contains(port);
        assertThat(monitor.at("/spec/podMetricsEndpoints/0/path").asText()).isEqualTo("/metrics");
    }

    private Map<String, Map<String, JsonNode>> sets() {
        return Map.of("base", RenderedSets.base(), "render", RenderedSets.shipped(dir),
                "podMonitor", RenderedSets.withPodMonitor(dir), "faults", RenderedSets.withFaults(dir));
    }

    private static void assertLabels(String at, JsonNode labels) {
        for (String label : LabLabels.RECOMMENDED) {
            assertThat(labels.path(label).asText("")).as(at + " " + label).isNotEmpty();
        }
        assertThat(labels.path(LabLabels.PART_OF).asText()).as(at).isEqualTo("nacos-upgrade-lab");
        assertThat(labels.path(LabLabels.MANAGED_BY).asText()).as(at).isEqualTo("upgrade-lab");
    }

    private static boolean mountedEmptyDir(JsonNode pod, JsonNode container, String path) {
        for (JsonNode m : container.at("/volumeMounts")) {
            if (m.at("/mountPath").asText().equals(path)) {
                for (JsonNode v : pod.at("/volumes")) {
                    if (v.at("/name").asText().equals(m.at("/name").asText())) {
                        return v.has("emptyDir");
                    }
                }
            }
        }
        return false;
    }

    private static List<String> kinds(Map<String, JsonNode> set) {
        return set.values().stream().map(r -> r.at("/kind").asText()).toList();
    }
}
