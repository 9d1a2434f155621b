package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
              allowRemote: true
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
                "wrote " + out.resolve("05-demo-1.4.1-deployment.yaml"),
                "wrote " + out.resolve("06-experiment-configmap.yaml"),
                "wrote " + out.resolve("07-runner-serviceaccount.yaml"),
                "wrote " + out.resolve("08-runner-role.yaml"),
                "wrote " + out.resolve("09-runner-rolebinding.yaml"),
                "wrote " + out.resolve("10-runs-pvc.yaml"),
                "wrote " + out.resolve("11-runner-job.yaml"),
                "wrote " + out.resolve("12-control-secret.yaml"),
                "wrote " + out.resolve("13-control-networkpolicy.yaml"),
                "wrote " + out.resolve("14-nacos-networkpolicy.yaml"),
                "wrote " + out.resolve("faults/phase-02-kill-podchaos.yaml"),
                "wrote " + out.resolve("faults/phase-03-delay-networkchaos.yaml"));
        assertThat(cli.out()).contains("phase 4 restart node 1 (graceful stop, start again after 10 s): no Chaos Mesh"
                        + " resource; pod nacos-0 is deleted with its grace period and the StatefulSet recreates it",
                "phase 5 rolling server upgrade to 2.0.4 (3 nodes), then upgraded=true: the StatefulSet's image becomes"
                        + " nacos/nacos-server:v2.0.4, then pods nacos-0, nacos-1, nacos-2 are deleted one at a time",
                "apply the cluster alone with: kubectl apply -f " + out + " -l app.kubernetes.io/component!=runner"
                        + " (not faults/",
                "run the experiment in the cluster with: kubectl apply -f " + out.resolve("00-namespace.yaml")
                        + " && kubectl apply -f " + out + " -l app.kubernetes.io/component=runner");
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

    /** Demo providers on both client versions, the runner as a Job, its experiment, volume and RBAC. */
    private static final String RUNNER_EXPERIMENT = """
            name: k8s-runner
            target:
              backend: kubernetes
              version: 1.4.1
              nodes: 3
              allowRemote: true
              kubernetes:
                namespace: lab
                labImage: registry.example/upgrade-lab:1
            fleet:
              providersPerClient: 100
            probe:
              demoProviders: 3
            phases:
              - kind: rampTo
                providers: 400
              - kind: rollingServerUpgrade
                to: 2.0.4
                awaitUpgraded: true
              - kind: rollingClientUpgrade
                to: 2x
            """;

    @Test
    void writesTheDemoProvidersPerClientVersionAndTheRunnerAsAJobWithExactlyTheRbacItNeeds() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-runner.yaml"), RUNNER_EXPERIMENT);
        Path out = dir.resolve("out");

        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString(), "--scale", "0.5"))
                .as(cli.err()).isZero();

        assertThat(cli.out().lines().filter(l -> l.startsWith("wrote ")).toList()).containsExactly(
                "wrote " + out.resolve("00-namespace.yaml"),
                "wrote " + out.resolve("01-nacos-service.yaml"),
                "wrote " + out.resolve("02-nacos-statefulset.yaml"),
                "wrote " + out.resolve("03-fleet-1.4.1-deployment.yaml"),
                "wrote " + out.resolve("04-fleet-2.0.4-deployment.yaml"),
                "wrote " + out.resolve("05-probe-deployment.yaml"),
                "wrote " + out.resolve("06-demo-1.4.1-deployment.yaml"),
                "wrote " + out.resolve("07-demo-2.0.4-deployment.yaml"),
                "wrote " + out.resolve("08-experiment-configmap.yaml"),
                "wrote " + out.resolve("09-runner-serviceaccount.yaml"),
                "wrote " + out.resolve("10-runner-role.yaml"),
                "wrote " + out.resolve("11-runner-rolebinding.yaml"),
                "wrote " + out.resolve("12-runs-pvc.yaml"),
                "wrote " + out.resolve("13-runner-job.yaml"),
                "wrote " + out.resolve("14-control-secret.yaml"),
                "wrote " + out.resolve("15-control-networkpolicy.yaml"),
                "wrote " + out.resolve("16-nacos-networkpolicy.yaml"));
        assertThat(Files.readAllLines(out.resolve("upgrade-lab-render.k8s-runner.txt"))).contains(
                "06-demo-1.4.1-deployment.yaml", "07-demo-2.0.4-deployment.yaml", "08-experiment-configmap.yaml",
                "09-runner-serviceaccount.yaml", "10-runner-role.yaml", "11-runner-rolebinding.yaml",
                "12-runs-pvc.yaml", "13-runner-job.yaml");
        assertThat(cli.out()).contains("replicas move from upgrade-lab-fleet-1-4-1 to upgrade-lab-fleet-2-0-4 and from"
                + " upgrade-lab-demo-1-4-1 to upgrade-lab-demo-2-0-4 batch by batch").doesNotContain("allowRemote");

        // the demo providers: one Deployment per client version they run on, every one of them on each
        String servers = "nacos-0.nacos.lab.svc.cluster.local:8848,nacos-1.nacos.lab.svc.cluster.local:8848,"
                + "nacos-2.nacos.lab.svc.cluster.local:8848";
        for (String client : List.of("1.4.1", "2.0.4")) {
            JsonNode demo = read(out.resolve((client.equals("1.4.1") ? "06" : "07") + "-demo-" + client
                    + "-deployment.yaml"));
            assertThat(demo.at("/kind").asText()).isEqualTo("Deployment");
            assertThat(demo.at("/metadata/name").asText()).isEqualTo("upgrade-lab-demo-" + client.replace('.', '-'));
            assertThat(demo.at("/metadata/namespace").asText()).isEqualTo("lab");
            assertThat(demo.at("/spec/replicas").asInt()).as("probe.demoProviders, unscaled").isEqualTo(3);
            JsonNode container = demo.at("/spec/template/spec/containers/0");
            assertThat(container.at("/image").asText()).isEqualTo("registry.example/upgrade-lab:1");
            assertThat(args(container)).containsExactly("serve", "demo-provider", "--client", client, "--servers",
                    servers, "--port", "20880", "--application", "upgrade-lab-demo");
            assertThat(env(container, "UPGRADE_LAB_ALLOW_REMOTE")).isEqualTo("true");
            assertThat(env(container, "JAVA_TOOL_OPTIONS")).as("the serving JVM; the demo's own is -Xmx256m")
                    .isEqualTo("-Xmx96m");
            assertThat(envFrom(container, "UPGRADE_LAB_ADDRESS")).as("registers where the probe dials it")
                    .isEqualTo("status.podIP");
            assertThatTheImageEntrypointTakes(args(container));
            assertThat(container.at("/ports/0/containerPort").asInt()).isEqualTo(20880);
        }
        assertThat(read(out.resolve("04-fleet-2.0.4-deployment.yaml")).at("/spec/replicas").asInt())
                .as("400 providers at scale 0.5, 100 per client").isEqualTo(2);

        // the fleet and the probe run the image's upgrade-lab serve, with fixed control ports the runner dials
        JsonNode fleet = read(out.resolve("04-fleet-2.0.4-deployment.yaml")).at("/spec/template/spec/containers/0");
        assertThat(args(fleet)).startsWith("serve", "fleet", "--heap").contains("--", "--servers", servers,
                "--control-port", "7070");
        assertThat(fleet.at("/ports/0/containerPort").asInt()).isEqualTo(7070);
        assertThat(envFrom(fleet, "UPGRADE_LAB_ADDRESS")).as("its providers register the pod's IP").isEqualTo("status.podIP");
        assertThatTheImageEntrypointTakes(args(fleet));
        JsonNode probe = read(out.resolve("05-probe-deployment.yaml")).at("/spec/template/spec/containers/0");
        assertThat(args(probe)).startsWith("serve", "probe", "--client").contains("--", "--registry", servers,
                "--control-port", "7071");
        assertThat(args(probe)).as("it serves its summary after its run, for the runner to read").endsWith("--linger");
        assertThatTheImageEntrypointTakes(args(probe));
        // each is Ready once it serves: the control ports (a TCP check: they answer the run's token alone),
        // the demo provider's Dubbo port
        assertThat(fleet.at("/readinessProbe/tcpSocket/port").asInt()).isEqualTo(7070);
        assertThat(fleet.at("/readinessProbe/httpGet").isMissingNode()).isTrue();
        assertThat(probe.at("/readinessProbe/tcpSocket/port").asInt()).isEqualTo(7071);
        assertThat(read(out.resolve("06-demo-1.4.1-deployment.yaml"))
                .at("/spec/template/spec/containers/0/readinessProbe/tcpSocket/port").asInt()).isEqualTo(20880);

        // the experiment file, as it was rendered, where the Job reads it
        JsonNode config = read(out.resolve("08-experiment-configmap.yaml"));
        assertThat(config.at("/kind").asText()).isEqualTo("ConfigMap");
        assertThat(config.at("/metadata/name").asText()).isEqualTo("upgrade-lab-experiment");
        assertThat(config.at("/metadata/namespace").asText()).isEqualTo("lab");
        assertThat(config.at("/data").size()).isEqualTo(1);
        assertThat(config.at("/data/k8s-runner.yaml").asText()).isEqualTo(RUNNER_EXPERIMENT);

        JsonNode account = read(out.resolve("09-runner-serviceaccount.yaml"));
        assertThat(account.at("/kind").asText()).isEqualTo("ServiceAccount");
        assertThat(account.at("/metadata/name").asText()).isEqualTo("upgrade-lab-runner");
        assertThat(account.at("/metadata/namespace").asText()).isEqualTo("lab");

        // exactly what KubernetesCluster calls, in the namespace only
        JsonNode role = read(out.resolve("10-runner-role.yaml"));
        assertThat(role.at("/kind").asText()).isEqualTo("Role");
        assertThat(role.at("/apiVersion").asText()).isEqualTo("rbac.authorization.k8s.io/v1");
        assertThat(role.at("/metadata/name").asText()).isEqualTo("upgrade-lab-runner");
        assertThat(role.at("/metadata/namespace").asText()).isEqualTo("lab");
        List<String> rules = new ArrayList<>();
        role.at("/rules").forEach(r -> rules.add(words(r.at("/apiGroups")) + " | " + words(r.at("/resources"))
                + " | " + words(r.at("/resourceNames")) + " | " + words(r.at("/verbs"))));
        assertThat(rules).containsExactly(
                "\"\" | namespaces | lab | get",
                "\"\" | services |  | create delete",
                "\"\" | pods |  | get list delete patch",
                "\"\" | persistentvolumeclaims |  | deletecollection",
                "apps | statefulsets deployments |  | get create patch delete",
                "chaos-mesh.org | podchaos networkchaos |  | create get delete",
                "metrics.k8s.io | pods |  | get");

        JsonNode binding = read(out.resolve("11-runner-rolebinding.yaml"));
        assertThat(binding.at("/kind").asText()).isEqualTo("RoleBinding");
        assertThat(binding.at("/metadata/namespace").asText()).isEqualTo("lab");
        assertThat(binding.at("/roleRef/kind").asText()).isEqualTo("Role");
        assertThat(binding.at("/roleRef/name").asText()).isEqualTo("upgrade-lab-runner");
        assertThat(binding.at("/roleRef/apiGroup").asText()).isEqualTo("rbac.authorization.k8s.io");
        assertThat(binding.at("/subjects").size()).isEqualTo(1);
        assertThat(binding.at("/subjects/0/kind").asText()).isEqualTo("ServiceAccount");
        assertThat(binding.at("/subjects/0/name").asText()).isEqualTo("upgrade-lab-runner");
        assertThat(binding.at("/subjects/0/namespace").asText()).isEqualTo("lab");

        JsonNode runs = read(out.resolve("12-runs-pvc.yaml"));
        assertThat(runs.at("/kind").asText()).isEqualTo("PersistentVolumeClaim");
        assertThat(runs.at("/metadata/name").asText()).isEqualTo("upgrade-lab-runs");
        assertThat(runs.at("/metadata/labels/app.kubernetes.io~1name").asText())
                .as("not the nacos data volumes the runner's clean-up deletes").isEqualTo("upgrade-lab-runs");

        // the runner: once, bounded by its plan, as the ServiceAccount, on the experiment as rendered
        JsonNode job = read(out.resolve("13-runner-job.yaml"));
        assertThat(job.at("/kind").asText()).isEqualTo("Job");
        assertThat(job.at("/apiVersion").asText()).isEqualTo("batch/v1");
        assertThat(job.at("/metadata/name").asText()).isEqualTo("upgrade-lab-runner");
        assertThat(job.at("/metadata/namespace").asText()).isEqualTo("lab");
        assertThat(job.at("/spec/backoffLimit").isMissingNode()).isFalse();
        assertThat(job.at("/spec/backoffLimit").asInt(-1)).isZero();
        Duration planned = Experiments.load(file, 0.5).timeline().total();
        assertThat(planned).isPositive();
        assertThat(job.at("/spec/activeDeadlineSeconds").asLong()).as("twice the plan, plus 30 minutes")
                .isEqualTo(2 * planned.toSeconds() + 1800);
        JsonNode pod = job.at("/spec/template/spec");
        assertThat(pod.at("/restartPolicy").asText()).isEqualTo("Never");
        assertThat(pod.at("/serviceAccountName").asText()).isEqualTo("upgrade-lab-runner");
        JsonNode runner = pod.at("/containers/0");
        assertThat(runner.at("/image").asText()).isEqualTo("registry.example/upgrade-lab:1");
        assertThat(runner.has("command")).as("the image's entrypoint is the upgrade-lab command").isFalse();
        assertThatTheImageEntrypointTakes(args(runner));
        assertThat(words(runner.at("/args"))).isEqualTo("run /etc/upgrade-lab/experiment/k8s-runner.yaml"
                + " --scale 0.5 --out /var/lib/upgrade-lab/runs/$(UPGRADE_LAB_POD)");
        assertThat(envFrom(runner, "UPGRADE_LAB_POD")).isEqualTo("metadata.name");
        List<String> mounts = new ArrayList<>();
        runner.at("/volumeMounts").forEach(m -> mounts.add(m.at("/name").asText() + " " + m.at("/mountPath").asText()
                + (m.at("/readOnly").asBoolean() ? " read-only" : "")));
        assertThat(mounts).containsExactly("experiment /etc/upgrade-lab/experiment read-only", "tmp /tmp",
                "work /var/lib/upgrade-lab", "runs /var/lib/upgrade-lab/runs");   // the runs below the writable workdir
        assertThat(pod.at("/volumes/0/configMap/name").asText()).isEqualTo("upgrade-lab-experiment");
        assertThat(pod.at("/volumes/1/persistentVolumeClaim/claimName").asText()).isEqualTo("upgrade-lab-runs");

        // the runner's resources apart from the cluster's, by label
        for (String runnerFile : List.of("08-experiment-configmap.yaml", "09-runner-serviceaccount.yaml",
                "10-runner-role.yaml", "11-runner-rolebinding.yaml", "12-runs-pvc.yaml", "13-runner-job.yaml",
                "14-control-secret.yaml", "15-control-networkpolicy.yaml", "16-nacos-networkpolicy.yaml")) {
            assertThat(read(out.resolve(runnerFile)).at("/metadata/labels/app.kubernetes.io~1component").asText())
                    .as(runnerFile).isEqualTo("runner");
        }
        for (String clusterFile : List.of("00-namespace.yaml", "02-nacos-statefulset.yaml",
                "06-demo-1.4.1-deployment.yaml")) {
            assertThat(read(out.resolve(clusterFile)).at("/metadata/labels/app.kubernetes.io~1component").asText())
                    .as(clusterFile).isNotEmpty().isNotEqualTo("runner");
        }
    }

    /**
     * Issue 38: the run's control token is in its Secret and nowhere else (no ConfigMap, no other file,
     * nothing printed), a new one each render; the runner Job, the fleet and the probe read it from the
     * Secret; the control ports' NetworkPolicy lets exactly the runner's pod in over TCP, and Nacos's
     * exactly the lab's pods. The policies are read as the YAML written, and matched against the
     * labels of every pod template rendered.
     */
    @Test
    void theControlTokenIsInItsSecretAloneAndOnlyTheRunnerReachesTheControlPorts() throws IOException {
        Path file = Files.writeString(dir.resolve("k8s-runner.yaml"), RUNNER_EXPERIMENT);
        Path out = dir.resolve("out");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", out.toString())).as(cli.err()).isZero();

        Path secretFile = out.resolve("14-control-secret.yaml");
        JsonNode secret = read(secretFile);
        assertThat(secret.at("/kind").asText()).isEqualTo("Secret");
        assertThat(secret.at("/metadata/name").asText()).isEqualTo("upgrade-lab-control");
        assertThat(secret.at("/metadata/namespace").asText()).isEqualTo("lab");
        assertThat(secret.at("/metadata/labels/app.kubernetes.io~1component").asText()).as("applied with the runner")
                .isEqualTo("runner");
        String token = secret.at("/stringData/token").asText();
        assertThat(token).as("32 random bytes, base64url").hasSize(43).matches("[A-Za-z0-9_-]+");
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            assertThat(Files.getPosixFilePermissions(secretFile)).as("readable by its owner alone")
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        }
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.equals(secretFile)).toList()) {
                assertThat(Files.readString(f)).as(f + ": the token is in the Secret alone").doesNotContain(token);
            }
        }
        JsonNode config = read(out.resolve("08-experiment-configmap.yaml"));
        assertThat(config.at("/kind").asText()).isEqualTo("ConfigMap");
        assertThat(config.toString()).doesNotContain(token);
        assertThat(cli.out() + cli.err()).as("render prints no token").doesNotContain(token);

        // read from the Secret, never written into a pod's spec; not by the demo providers, which have no control port
        Map<String, JsonNode> containers = Map.of(
                "13-runner-job.yaml", read(out.resolve("13-runner-job.yaml")).at("/spec/template/spec/containers/0"),
                "03-fleet-1.4.1-deployment.yaml", container(out.resolve("03-fleet-1.4.1-deployment.yaml")),
                "04-fleet-2.0.4-deployment.yaml", container(out.resolve("04-fleet-2.0.4-deployment.yaml")),
                "05-probe-deployment.yaml", container(out.resolve("05-probe-deployment.yaml")));
        containers.forEach((name, container) -> assertThat(secretRef(container, "UPGRADE_LAB_CONTROL_TOKEN")).as(name)
                .isEqualTo("upgrade-lab-control/token"));
        for (String demo : List.of("06-demo-1.4.1-deployment.yaml", "07-demo-2.0.4-deployment.yaml")) {
            assertThat(container(out.resolve(demo)).at("/env").toString()).as(demo)
                    .doesNotContain("UPGRADE_LAB_CONTROL_TOKEN");
        }

        // the control ports: exactly the fleet's and the probe's pods, reached over TCP by exactly the runner's
        Map<String, JsonNode> pods = podTemplates(out);
        assertThat(pods.keySet()).containsExactlyInAnyOrder("02-nacos-statefulset.yaml",
                "03-fleet-1.4.1-deployment.yaml", "04-fleet-2.0.4-deployment.yaml", "05-probe-deployment.yaml",
                "06-demo-1.4.1-deployment.yaml", "07-demo-2.0.4-deployment.yaml", "13-runner-job.yaml");
        JsonNode control = read(out.resolve("15-control-networkpolicy.yaml"));
        assertThat(control.at("/kind").asText()).isEqualTo("NetworkPolicy");
        assertThat(control.at("/apiVersion").asText()).isEqualTo("networking.k8s.io/v1");
        assertThat(control.at("/metadata/namespace").asText()).isEqualTo("lab");
        assertThat(words(control.at("/spec/policyTypes"))).isEqualTo("Ingress");
        assertThat(selected(pods, control.at("/spec/podSelector"))).containsExactlyInAnyOrder(
                "03-fleet-1.4.1-deployment.yaml", "04-fleet-2.0.4-deployment.yaml", "05-probe-deployment.yaml");
        JsonNode rules = control.at("/spec/ingress");
        assertThat(rules.size()).isEqualTo(2);
        JsonNode ports = rules.get(0);
        assertThat(ports.at("/from").size()).isEqualTo(1);
        assertThat(fieldNames(ports.at("/from/0"))).as("no namespace or IP block besides").containsExactly("podSelector");
        assertThat(selected(pods, ports.at("/from/0/podSelector"))).as("the runner, exactly")
                .containsExactly("13-runner-job.yaml");
        List<String> opened = new ArrayList<>();
        ports.at("/ports").forEach(p -> opened.add(p.at("/protocol").asText() + " " + p.at("/port").asText()));
        assertThat(opened).containsExactly("TCP 7070", "TCP 7071");
        JsonNode push = rules.get(1);
        assertThat(selected(pods, push.at("/from/0/podSelector"))).as("the 1.x clients' UDP push, from the nodes")
                .containsExactly("02-nacos-statefulset.yaml");
        assertThat(push.at("/from").size()).isEqualTo(1);
        assertThat(push.at("/ports").size()).isEqualTo(1);
        assertThat(push.at("/ports/0/protocol").asText()).isEqualTo("UDP");
        // so every rule that lets TCP in (a rule without ports lets everything in) lets the runner alone in
        for (JsonNode rule : rules) {
            boolean tcp = rule.at("/ports").isMissingNode();
            for (JsonNode p : rule.at("/ports")) {
                tcp |= !"UDP".equals(p.at("/protocol").asText()) && !"SCTP".equals(p.at("/protocol").asText());
            }
            if (tcp) {
                assertThat(rule.at("/from").size()).isEqualTo(1);
                assertThat(selected(pods, rule.at("/from/0/podSelector"))).containsExactly("13-runner-job.yaml");
            }
        }

        // Nacos: exactly its pods, reached by the lab's pods (the runner's included) and no others
        JsonNode nacos = read(out.resolve("16-nacos-networkpolicy.yaml"));
        assertThat(nacos.at("/kind").asText()).isEqualTo("NetworkPolicy");
        assertThat(words(nacos.at("/spec/policyTypes"))).isEqualTo("Ingress");
        assertThat(selected(pods, nacos.at("/spec/podSelector"))).containsExactly("02-nacos-statefulset.yaml");
        assertThat(nacos.at("/spec/ingress").size()).isEqualTo(1);
        assertThat(nacos.at("/spec/ingress/0/from").size()).isEqualTo(1);
        assertThat(fieldNames(nacos.at("/spec/ingress/0/from/0"))).containsExactly("podSelector");
        assertThat(selected(pods, nacos.at("/spec/ingress/0/from/0/podSelector")))
                .containsExactlyInAnyOrderElementsOf(pods.keySet());

        // the next render, the next run: another token
        Path again = dir.resolve("again");
        assertThat(cli.run("render", "k8s", file.toString(), "--out", again.toString())).isZero();
        assertThat(read(again.resolve("14-control-secret.yaml")).at("/stringData/token").asText()).hasSize(43)
                .isNotEqualTo(token);
    }

    /** The first container of a Deployment's pods. */
    private JsonNode container(Path deployment) throws IOException {
        return read(deployment).at("/spec/template/spec/containers/0");
    }

    /** Every rendered pod template's labels (a StatefulSet's, a Deployment's, the Job's), by file name. */
    private Map<String, JsonNode> podTemplates(Path out) throws IOException {
        Map<String, JsonNode> pods = new TreeMap<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
                JsonNode resource = read(f);
                if (List.of("StatefulSet", "Deployment", "Job").contains(resource.at("/kind").asText())) {
                    pods.put(f.getFileName().toString(), resource.at("/spec/template/metadata/labels"));
                }
            }
        }
        return pods;
    }

    /** The pod templates a label selector selects: each of its matchLabels among the pod's labels (no expressions). */
    private static List<String> selected(Map<String, JsonNode> pods, JsonNode selector) {
        assertThat(selector.isObject()).as("a selector").isTrue();
        assertThat(selector.at("/matchExpressions").isMissingNode()).isTrue();
        JsonNode match = selector.at("/matchLabels");
        assertThat(match.size()).as("selects by some label").isPositive();
        List<String> selected = new ArrayList<>();
        pods.forEach((name, labels) -> {
            boolean all = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = match.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> label = it.next();
                all &= label.getValue().asText().equals(labels.path(label.getKey()).asText(null));
            }
            if (all) {
                selected.add(name);
            }
        });
        return selected;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** {@code SECRET/KEY} an environment variable takes its value from. */
    private static String secretRef(JsonNode container, String name) {
        for (JsonNode e : container.at("/env")) {
            if (e.at("/name").asText().equals(name)) {
                assertThat(e.at("/value").isMissingNode()).as(name + ": never a value in the spec").isTrue();
                return e.at("/valueFrom/secretKeyRef/name").asText() + "/" + e.at("/valueFrom/secretKeyRef/key").asText();
            }
        }
        throw new AssertionError("no env " + name + " in " + container);
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

    /** metrics.address: pod serves the live metrics on the runner Job's pod address, where Prometheus scrapes them. */
    @Test
    void liveMetricsOnThePodAddressGiveTheJobItsAddressAPortAndTheScrapeAnnotations() throws IOException {
        Path file = Files.writeString(dir.resolve("scraped.yaml"), RUNNER_EXPERIMENT + "metrics: {address: pod}\n");
        Path out = dir.resolve("out");

        assertThat(cli.run("render", "k8s", file.toString(), "--out-dir", out.toString())).as(cli.err()).isZero();

        Path jobFile;
        try (var files = Files.list(out)) {
            jobFile = files.filter(f -> f.getFileName().toString().endsWith("-runner-job.yaml")).findFirst().orElseThrow();
        }
        String job = Files.readString(jobFile);
        assertThat(job).contains("prometheus.io/scrape: \"true\"", "prometheus.io/port: \"9464\"",
                "prometheus.io/path: /metrics", "name: metrics", "containerPort: 9464", "name: UPGRADE_LAB_ADDRESS",
                "fieldPath: status.podIP");
    }

    /** validate refuses what the run would: pods are off loopback, so a kubernetes file must opt in to it. */
    @Test
    void aKubernetesFileWithoutAllowRemoteIsRefusedAsTheRunWouldStopAtItsFirstDemoProvider() throws IOException {
        Path file = Files.writeString(dir.resolve("local-only.yaml"), EXPERIMENT.replace("  allowRemote: true\n", ""));

        assertThat(cli.run("validate", file.toString())).isEqualTo(2);

        assertThat(cli.err()).contains("target.allowRemote: backend kubernetes runs the demo providers, the fleet and"
                + " the probe in pods");
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
                "'kubectl apply -f DIR -l app.kubernetes.io/component!=runner' creates the cluster only",
                "'kubectl apply -f DIR/00-namespace.yaml' then 'kubectl apply -f DIR -l"
                        + " app.kubernetes.io/component=runner' runs the experiment in the cluster", "Examples:",
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

    /** The field path an environment variable takes its value from (the downward API). */
    private static String envFrom(JsonNode container, String name) {
        for (JsonNode e : container.at("/env")) {
            if (e.at("/name").asText().equals(name)) {
                return e.at("/valueFrom/fieldRef/fieldPath").asText();
            }
        }
        throw new AssertionError("no env " + name + " in " + container);
    }

    /** A YAML list as words: {@code [a, b]} is {@code "a b"}; an empty string is {@code ""}; no list is empty. */
    private static String words(JsonNode list) {
        List<String> words = new ArrayList<>();
        list.forEach(w -> words.add(w.asText().isEmpty() ? "\"\"" : w.asText()));
        return String.join(" ", words);
    }

    private static List<String> args(JsonNode container) {
        List<String> args = new ArrayList<>();
        container.at("/args").forEach(a -> args.add(a.asText()));
        return args;
    }

    /** The upgrade-lab command line (the lab image's entrypoint) parses {@code args} without an error. */
    private static void assertThatTheImageEntrypointTakes(List<String> args) {
        assertThatCode(() -> UpgradeLab.newCommandLine().parseArgs(args.toArray(String[]::new)))
                .as("upgrade-lab %s", String.join(" ", args)).doesNotThrowAnyException();
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
