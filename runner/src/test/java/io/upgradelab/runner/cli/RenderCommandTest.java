package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab render k8s}, in-process: the manifests of an experiment written as YAML, nothing contacted. */
class RenderCommandTest {

    private static final String EXPERIMENT = """
            name: k8s-faults
            target:
              backend: kubernetes
              version: 1.4.1
              nodes: 3
              serverHeap: 512m
              kubernetes:
                namespace: lab
                labImage: registry.example/upgrade-lab:1
                dataVolume: 5Gi
                startTimeout: 15m
            fleet:
              providersPerClient: 100
            phases:
              - kind: rampTo
                providers: 250
              - kind: fault
                fault: kill
                node: 2
                for: 30s
              - kind: fault
                fault: delay
                node: 3
                delay: 200ms
                for: 1m
              - kind: fault
                fault: restart
                node: 1
                for: 10s
              - kind: rollingServerUpgrade
                to: 2.0.4
            """;

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();
    private final YAMLMapper yaml = new YAMLMapper();

    @Test
    void writesTheClusterTheFleetTheProbeAndEachFaultsChaosResource() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-faults.yaml"), EXPERIMENT);
        Path out = dir.resolve("out");

        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).as(cli.err()).isZero();

        assertThat(cli.out().lines().filter(l -> l.startsWith("wrote ")).toList()).containsExactly(
                "wrote " + out.resolve("00-namespace.yaml"),
                "wrote " + out.resolve("01-nacos-service.yaml"),
                "wrote " + out.resolve("02-nacos-statefulset.yaml"),
                "wrote " + out.resolve("03-fleet-1.4.1-deployment.yaml"),
                "wrote " + out.resolve("04-probe-deployment.yaml"),
                "wrote " + out.resolve("faults/phase-02-kill-podchaos.yaml"),
                "wrote " + out.resolve("faults/phase-03-delay-networkchaos.yaml"));
        assertThat(cli.out()).contains("phase 4 restart node 1 (graceful stop, start again after 10 s): no Chaos Mesh"
                        + " resource; pod nacos-0 is deleted with its grace period and the StatefulSet recreates it",
                "phase 5 rolling server upgrade to 2.0.4 (3 nodes), then upgraded=true: the StatefulSet's image becomes"
                        + " nacos/nacos-server:v2.0.4, then pods nacos-0, nacos-1, nacos-2 are deleted one at a time",
                "apply the cluster with: kubectl apply -f " + out);
        assertThat(cli.err()).isEmpty();

        JsonNode set = read(out.resolve("02-nacos-statefulset.yaml"));
        assertThat(set.at("/kind").asText()).isEqualTo("StatefulSet");
        assertThat(set.at("/metadata/namespace").asText()).isEqualTo("lab");
        assertThat(set.at("/spec/replicas").asInt()).isEqualTo(3);
        assertThat(set.at("/spec/updateStrategy/type").asText()).isEqualTo("OnDelete");
        JsonNode nacos = set.at("/spec/template/spec/containers/0");
        assertThat(nacos.at("/image").asText()).isEqualTo("nacos/nacos-server:v1.4.1");
        assertThat(env(nacos, "NACOS_SERVERS")).isEqualTo("nacos-0.nacos.lab.svc.cluster.local:8848"
                + " nacos-1.nacos.lab.svc.cluster.local:8848 nacos-2.nacos.lab.svc.cluster.local:8848");
        assertThat(env(nacos, "JVM_XMX")).isEqualTo("512m");
        assertThat(env(nacos, "JVM_XMN")).isEqualTo("256m");
        assertThat(nacos.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/nacos/v1/console/health/readiness");
        assertThat(set.at("/spec/volumeClaimTemplates/0/spec/resources/requests/storage").asText()).isEqualTo("5Gi");

        JsonNode fleet = read(out.resolve("03-fleet-1.4.1-deployment.yaml"));
        assertThat(fleet.at("/metadata/name").asText()).as("a host name takes no dots").isEqualTo("upgrade-lab-fleet-1-4-1");
        assertThat(fleet.at("/spec/replicas").asInt()).as("250 providers, 100 per client").isEqualTo(3);
        assertThat(fleet.at("/spec/template/spec/containers/0/image").asText()).isEqualTo("registry.example/upgrade-lab:1");

        JsonNode kill = read(out.resolve("faults/phase-02-kill-podchaos.yaml"));
        assertThat(kill.at("/kind").asText()).isEqualTo("PodChaos");
        assertThat(kill.at("/metadata/name").asText()).isEqualTo("upgrade-lab-pod-kill-nacos-1");
        assertThat(kill.at("/spec/action").asText()).isEqualTo("pod-kill");
        assertThat(kill.at("/spec/selector/labelSelectors/statefulset.kubernetes.io~1pod-name").asText()).isEqualTo("nacos-1");
        JsonNode delay = read(out.resolve("faults/phase-03-delay-networkchaos.yaml"));
        assertThat(delay.at("/spec/action").asText()).isEqualTo("delay");
        assertThat(delay.at("/spec/delay/latency").asText()).isEqualTo("200ms");
        assertThat(Files.readString(out.resolve("faults/phase-03-delay-networkchaos.yaml"))).startsWith(
                "# Rendered by upgrade-lab render k8s from " + file + " (experiment k8s-faults).\n"
                        + "# phase 3 delay 200 ms on the way to node 3 for 60 s. Created when the phase starts,"
                        + " deleted when it ends.\n---\n");
    }

    @Test
    void aSecondRenderRemovesTheFilesItNoLongerWritesAndNoOthers() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-faults.yaml"), EXPERIMENT);
        Path out = dir.resolve("out");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isZero();
        Path mine = Files.writeString(out.resolve("faults/my-own.yaml"), "kind: PodChaos\n");
        Files.writeString(file, EXPERIMENT.replace("fault: delay", "fault: loss").replace("delay: 200ms", "percent: 30"));
        cli.clear();

        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isZero();

        assertThat(cli.out()).contains("removed " + out.resolve("faults/phase-03-delay-networkchaos.yaml"));
        try (Stream<Path> faults = Files.list(out.resolve("faults"))) {
            assertThat(faults.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("my-own.yaml", "phase-02-kill-podchaos.yaml", "phase-03-loss-networkchaos.yaml");
        }
        assertThat(mine).exists();
    }

    @Test
    void theListOfFilesWrittenIsKeptAndOnlyItsOwnExperimentsFilesAreRemoved() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-faults.yaml"), EXPERIMENT);
        Path other = Files.writeString(dir.resolve("other.yaml"), EXPERIMENT.replace("name: k8s-faults", "name: other")
                .replace("fault: kill", "fault: pause"));
        Path out = dir.resolve("out");
        assertThat(cli.run("render", "k8s", other.toString(), "--out", out.toString())).isZero();
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isZero();
        assertThat(Files.readAllLines(out.resolve("upgrade-lab-render.k8s-faults.txt"))).contains("00-namespace.yaml",
                "faults/phase-02-kill-podchaos.yaml", "faults/phase-03-delay-networkchaos.yaml");
        Path written = out.resolve("faults/phase-02-kill-podchaos.yaml");
        Files.delete(out.resolve("faults/phase-03-delay-networkchaos.yaml"));   // gone already: nothing to say
        Files.writeString(file, EXPERIMENT.replace("fault: kill", "fault: restart"));
        cli.clear();

        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).as(cli.err()).isZero();

        assertThat(cli.out().lines().filter(l -> l.startsWith("removed ")).toList())
                .containsExactly("removed " + written + " (an earlier render's)");
        assertThat(out.resolve("faults/phase-02-pause-podchaos.yaml")).as("the other experiment's").exists();
    }

    @Test
    void aListedPathOutsideTheFolderIsRefusedWithItsLineAndNothingIsTouched() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-faults.yaml"), EXPERIMENT);
        Path out = dir.resolve("out");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isZero();
        Path outside = Files.writeString(dir.resolve("outside.yaml"), RenderCommand.K8s.HEADER + "\n");
        Path list = out.resolve("upgrade-lab-render.k8s-faults.txt");
        Files.writeString(list, "# edited\n00-namespace.yaml\n../outside.yaml\n" + outside + "\nfaults/../../outside.yaml\n"
                + "sub/x.yaml\n");
        cli.clear();

        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isEqualTo(2);

        assertThat(cli.err()).contains(list + ":3: '../outside.yaml' is not a file render writes",
                list + ":4: '" + outside + "' is not a file render writes", list + ":5: 'faults/../../outside.yaml'",
                list + ":6: 'sub/x.yaml'").doesNotContain(":2:");
        assertThat(cli.out()).isEmpty();
        assertThat(outside).exists();
    }

    @Test
    void symbolicLinksAreNotFollowed() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-faults.yaml"), EXPERIMENT);
        Path out = dir.resolve("out");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isZero();
        Path target = Files.writeString(dir.resolve("target.yaml"), RenderCommand.K8s.HEADER + " elsewhere\n");
        Path delay = out.resolve("faults/phase-03-delay-networkchaos.yaml");
        Files.delete(delay);
        Files.createSymbolicLink(delay, target);   // listed, no longer rendered: the link is left, the target too
        Files.writeString(file, EXPERIMENT.replace("fault: delay", "fault: loss").replace("delay: 200ms", "percent: 30"));
        cli.clear();
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).doesNotContain("removed ");
        assertThat(Files.isSymbolicLink(delay)).isTrue();
        assertThat(Files.readString(target)).endsWith(" elsewhere\n");

        Path namespace = out.resolve("00-namespace.yaml");
        Files.delete(namespace);
        Files.createSymbolicLink(namespace, target);   // where render writes: not written through
        cli.clear();
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isEqualTo(1);
        assertThat(cli.err()).contains("cannot write " + namespace + ": it is a symbolic link, which render does not follow");
        assertThat(Files.readString(target)).endsWith(" elsewhere\n");

        Path faults = out.resolve("faults");
        Path moved = Files.move(faults, dir.resolve("elsewhere"));
        Files.createSymbolicLink(faults, moved);
        cli.clear();
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(faults + " is a symbolic link or a file");
    }

    @Test
    void anOutputThatIsAFileIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-faults.yaml"), EXPERIMENT);
        Path out = Files.writeString(dir.resolve("out"), "mine\n");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("upgrade-lab: " + out + " is a file, not a directory: give --out a directory");
        assertThat(Files.readString(out)).isEqualTo("mine\n");
    }

    @Test
    void anInvalidExperimentIsNotRendered() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                name: bad
                target:
                  backend: kubernetes
                  version: 1.4.1
                  kubernetes:
                    dataVolume: lots
                phases:
                  - kind: hold
                    for: 1m
                """);
        Path out = dir.resolve("out");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).isEqualTo(2);
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).contains(file + ":6: target.kubernetes.dataVolume: 'lots' is not a Kubernetes quantity");
        assertThat(out).doesNotExist();
    }

    @Test
    void theBackendsOwnChecksApply() throws IOException {
        Path file = Files.writeString(dir.resolve("ports.yaml"), """
                name: ports
                target:
                  backend: kubernetes
                  version: 1.4.1
                  firstPort: 9000
                phases:
                  - kind: hold
                    for: 1m
                """);
        assertThat(cli.run("render", "k8s", file.toString(), "--out", dir.resolve("out").toString())).isEqualTo(2);
        assertThat(cli.err()).contains(file + ":5: target.firstPort: backend kubernetes gives every node its own pod");
    }

    @Test
    void aLocalExperimentIsRenderedWithANote() {
        Path ci = io.upgradelab.runner.experiment.FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml");
        assertThat(cli.run("render", "k8s", ci.toString(), "--out", dir.resolve("ci").toString())).isZero();
        assertThat(cli.err()).contains("upgrade-lab: note: target.backend is local; these are the manifests backend"
                + " kubernetes would create for this target");
        assertThat(dir.resolve("ci/02-nacos-statefulset.yaml")).exists();
    }

    @Test
    void helpSaysWhatIsWrittenAndHowToApplyIt() {
        assertThat(cli.run("render", "k8s", "--help")).isZero();
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("Usage: upgrade-lab render k8s", "--out=DIR",
                "Default: k8s/<experiment name> under the current directory",
                "'kubectl apply -f DIR' creates the cluster only", "Examples:",
                "upgrade-lab render k8s experiments/nacos-1x-to-2x.yaml --out review --scale 0.02", "Exit codes: 0 written");
        cli.clear();
        assertThat(cli.run("render")).isEqualTo(2);
        assertThat(cli.err()).contains("missing command: try 'upgrade-lab render k8s EXPERIMENT'");
    }

    private JsonNode read(Path file) throws IOException {
        List<JsonNode> documents = yaml.readerFor(JsonNode.class).<JsonNode>readValues(Files.readString(file)).readAll();
        assertThat(documents).hasSize(1);
        return documents.get(0);
    }

    private static String env(JsonNode container, String name) {
        for (JsonNode e : container.at("/env")) {
            if (e.at("/name").asText().equals(name)) {
                return e.at("/value").asText();
            }
        }
        throw new AssertionError("no env " + name + " in " + container);
    }
}
