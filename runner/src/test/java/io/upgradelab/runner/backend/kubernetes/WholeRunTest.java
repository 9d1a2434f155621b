package io.upgradelab.runner.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.chaosmesh.client.ChaosMeshClient;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.fault.FaultPhase;
import io.upgradelab.runner.fault.NetworkDelay;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.DemoSettings;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.RampTo;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import io.upgradelab.runner.phase.ScaleDownTo;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.process.ProcessAddress;
import io.upgradelab.runner.workload.Workloads;
import io.upgradelab.runner.testing.Targets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.upgradelab.demo.ControlToken;

/**
 * An experiment's whole sequence on Kubernetes, against fabric8's mock API server in CRUD mode: the
 * cluster, the demo providers, the probe and the fleet as Deployments, ramps, a shrink, a rolling
 * server upgrade, kill, pause, restart and delay faults, a rolling client upgrade in three batches,
 * and the tear-down, driven by the phases themselves through the tests' {@link FakeRunContext} over the real parts.
 * The controllers are played by {@link PlayedControllers}, the processes in the load's pods by
 * {@link PlayedPods}. What the runner changes, in the API server and at the pods' control ports, is
 * one ordered record: each API write as the API server receives it, each control request as the pod
 * receives it. The runner's requests are told from the test's and the controllers' by their User-Agent.
 */
class WholeRunTest {

    private static final String NS = "lab-test";
    private static final String AGENT = "upgrade-lab-runner-under-test";
    private static final Poll FAST = new Poll(Duration.ofMillis(20), Duration.ofSeconds(30));
    private static final Map<String, String> OURS = Map.of(LabLabels.MANAGED_BY, LabLabels.LAB);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The run's control token, as the runner Job has it from the Secret: the played pods answer it alone. */
    private static final ControlToken TOKEN = ControlToken.generate();

    private final List<String> sequence = new CopyOnWriteArrayList<>();
    private final List<String> progress = new CopyOnWriteArrayList<>();
    private KubernetesMockServer server;
    private KubernetesClient client;
    private KubernetesClient runner;
    private PlayedControllers controllers;
    private PlayedPods pods;
    private int phases;

    @BeforeEach
    void startTheMockApiServer() {
        server = MockApiServers.crud(Recording::new);
        client = server.createClient();
        runner = new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(client.getConfiguration()).withUserAgent(AGENT).build()).build();
        client.resource(ClusterManifests.namespace(target())).create();   // applied with the Job, before it
        server.expect().get().withPath("/apis/metrics.k8s.io/v1beta1/namespaces/" + NS + "/pods/nacos-0")
                .andReturn(200, new PodMetricsBuilder().withNewMetadata().withName("nacos-0").endMetadata()
                        .addNewContainer().withName("nacos").addToUsage("cpu", new Quantity("100m"))
                        .addToUsage("memory", new Quantity("500Mi")).endContainer().build())
                .always();
        controllers = new PlayedControllers(client, NS);
        pods = new PlayedPods(sequence, TOKEN);
    }

    @AfterEach
    void stop() throws InterruptedException {
        controllers.close();
        pods.close();
        runner.close();
        client.close();
        server.destroy();
    }

    @Test
    void anExperimentsResourceChangesInOrderAndNothingLeftAtTheEnd() throws InterruptedException {
        KubernetesCluster cluster = KubernetesCluster.open(runner, target(), progress::add, () -> { }, FAST, pods,
                () -> TOKEN);
        Workloads load = cluster.workloads();
        String servers = cluster.serverAddresses();
        DemoProviders demo = load.demoProviders(new DemoSettings(2, "1.4.1", servers, Optional.empty(),
                ProcessAddress.DEFAULT), Path.of("unused"), progress::add);
        Fleet fleet = load.fleet(new FleetSettings(servers, 10, 10, 30000, 1, "256m"), Path.of("unused"), progress::add);
        Probe probe = load.probe(new ProbeOptions("1.4.1", 100, Duration.ofSeconds(3), Duration.ofHours(1)), servers,
                Path.of("unused"), progress::add);
        FakeRunContext run = new FakeRunContext(cluster, fleet, demo);

        phase(run, probe, new RampTo(25, 1000));
        phase(run, probe, new RampTo(40, 1000));
        phase(run, probe, new ScaleDownTo(22, 1000));
        sequence.add("-- rolling server upgrade");
        for (int node = 1; node <= 3; node++) {
            cluster.upgradeNode(node, "2.0.4");
        }
        phase(run, probe, fault("kill", 2));
        phase(run, probe, fault("pause", 1));
        phase(run, probe, fault("restart", 3));
        phase(run, probe, FaultPhase.of("delay", 3, Duration.ZERO, new NetworkDelay.Parameters(Duration.ofMillis(200))));
        cluster.sample(1);
        phase(run, probe, new RollingClientUpgrade("2.0.4", 3, Duration.ZERO, 1000));

        FleetStatus status = fleet.status();
        assertThat(status.providers()).as("every provider on 2.0.4").containsExactly(Map.entry("2.0.4", 22));
        assertThat(status.processes()).containsExactly(Map.entry("2.0.4", 3));
        assertThat(fleet.registrations().clients()).extracting(c -> c.services().size()).containsExactly(10, 10, 2);
        assertThat(demo.clientVersions()).containsExactly("2.0.4", "2.0.4");
        assertThat(demo.alive()).isEqualTo(2);
        assertThat(probe.series()).as("the probe's two seconds, read over its control port").hasSize(2);
        assertThat(probe.isAlive()).isTrue();
        assertThat(run.journal()).filteredOn(l -> "clientBatch".equals(l.get("type")))
                .extracting(l -> l.get("providers") + " stop " + l.get("stop") + " demo " + l.get("demoProviders"))
                .containsExactly(
                        "{1.4.1=12, 2.0.4=10} stop {requested=10, deregistered=10, failed=0, leftToExpire=0,"
                                + " clientsClosed=1, firstError=, seconds=0.5} demo [2.0.4, 1.4.1]",
                        "{1.4.1=2, 2.0.4=20} stop {requested=10, deregistered=10, failed=0, leftToExpire=0,"
                                + " clientsClosed=1, firstError=, seconds=0.5} demo [2.0.4, 2.0.4]",
                        "{2.0.4=22} stop {requested=2, deregistered=2, failed=0, leftToExpire=0,"
                                + " clientsClosed=1, firstError=, seconds=0.5} demo [2.0.4, 2.0.4]");

        sequence.add("-- tear-down");
        ProbeSummary summary = probe.stop();
        probe.close();
        fleet.close();
        demo.close();
        cluster.close();

        assertThat(summary.totals().scheduled()).isEqualTo(200);
        assertThat(sequence).containsExactlyElementsOf(EXPECTED);
        assertThat(client.apps().deployments().inNamespace(NS).withLabels(OURS).list().getItems()).isEmpty();
        assertThat(client.pods().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.adapt(ChaosMeshClient.class).networkChaos().inNamespace(NS).list().getItems()).isEmpty();
        assertTheRoleGrantsEveryCallAndEachGrantIsCalled();
    }

    /**
     * A run that fails mid-way, its parts never closed (as when the engine's start of the probe
     * throws): the cluster's close deletes the load's Deployments with everything else.
     */
    @Test
    void theClusterDeletesWhatAFailedRunLeft() throws InterruptedException {
        KubernetesCluster cluster = KubernetesCluster.open(runner, target(), progress::add, () -> { }, FAST, pods,
                () -> TOKEN);
        String servers = cluster.serverAddresses();
        cluster.workloads().demoProviders(new DemoSettings(1, "1.4.1", servers, Optional.empty(), ProcessAddress.DEFAULT),
                Path.of("unused"), progress::add);
        Fleet fleet = cluster.workloads().fleet(new FleetSettings(servers, 10, 10, 30000, 1, "256m"), Path.of("unused"),
                progress::add);
        new RampTo(15, 1000).run(new FakeRunContext(cluster, fleet, null));
        assertThat(client.pods().inNamespace(NS).list().getItems()).hasSize(3 + 1 + 2);
        sequence.clear();

        cluster.close();

        assertThat(sequence).containsExactly("delete deployments upgrade-lab-demo-1-4-1",
                "delete deployments upgrade-lab-fleet-1-4-1", "delete statefulsets nacos", "delete services nacos",
                "deletecollection persistentvolumeclaims");
        assertThat(client.apps().deployments().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.pods().inNamespace(NS).list().getItems()).isEmpty();
    }

    /**
     * The run's changes, in order: "create/patch/delete RESOURCE NAME ..." at the API server (a patch
     * by its operations), "POST POD PATH ..." at a pod's control port, "-- PHASE" where a phase begins.
     * The rolling server upgrade's later steps patch nothing but the resourceVersion (the image is
     * set already), and are kept: they are what the backend sends.
     */
    private static final List<String> EXPECTED = List.of(
            "create services nacos",
            "create statefulsets nacos",
            "create deployments upgrade-lab-demo-1-4-1 replicas=2",
            "create deployments upgrade-lab-probe replicas=1",
            "-- ramp to 25 providers",
            "POST upgrade-lab-probe-003 /phase ramp to 25 providers",
            "create deployments upgrade-lab-fleet-1-4-1 replicas=0",
            "patch deployments upgrade-lab-fleet-1-4-1 /spec/replicas=3",
            "POST upgrade-lab-fleet-1-4-1-004 /scale to=10 client=1.4.1",
            "POST upgrade-lab-fleet-1-4-1-005 /scale to=10 client=1.4.1",
            "POST upgrade-lab-fleet-1-4-1-006 /scale to=5 client=1.4.1",
            "-- ramp to 40 providers",
            "POST upgrade-lab-probe-003 /phase ramp to 40 providers",
            "patch deployments upgrade-lab-fleet-1-4-1 /spec/replicas=4",
            "POST upgrade-lab-fleet-1-4-1-006 /scale to=10 client=1.4.1",
            "POST upgrade-lab-fleet-1-4-1-007 /scale to=10 client=1.4.1",
            "-- scale down to 22 providers",
            "POST upgrade-lab-probe-003 /phase scale down to 22 providers",
            "POST upgrade-lab-fleet-1-4-1-006 /scale to=2 client=1.4.1",
            "POST upgrade-lab-fleet-1-4-1-007 /scale to=0 client=1.4.1",
            "patch pods upgrade-lab-fleet-1-4-1-007 /metadata/annotations/controller.kubernetes.io/pod-deletion-cost=-1000",
            "patch deployments upgrade-lab-fleet-1-4-1 /spec/replicas=3",
            "-- rolling server upgrade",
            "patch statefulsets nacos /metadata/labels/app.kubernetes.io~1version=2.0.4"
                    + " /spec/template/metadata/labels/app.kubernetes.io~1version=2.0.4"
                    + " /spec/template/spec/containers/0/image=nacos/nacos-server:v2.0.4",
            "delete pods nacos-0",
            "patch statefulsets nacos",
            "delete pods nacos-1",
            "patch statefulsets nacos",
            "delete pods nacos-2",
            "-- kill node 2 (SIGKILL), start it again after 0 s",
            "POST upgrade-lab-probe-003 /phase kill node 2 (SIGKILL), start it again after 0 s",
            "create podchaos upgrade-lab-pod-kill-nacos-1",
            "delete podchaos upgrade-lab-pod-kill-nacos-1",
            "-- pause node 1 (SIGSTOP) for 0 s",
            "POST upgrade-lab-probe-003 /phase pause node 1 (SIGSTOP) for 0 s",
            "create podchaos upgrade-lab-pod-failure-nacos-0",
            "delete podchaos upgrade-lab-pod-failure-nacos-0",
            "-- restart node 3 (graceful stop, start again after 0 s)",
            "POST upgrade-lab-probe-003 /phase restart node 3 (graceful stop, start again after 0 s)",
            "delete pods nacos-2",
            "-- delay 200 ms on the way to node 3 for 0 s",
            "POST upgrade-lab-probe-003 /phase delay 200 ms on the way to node 3 for 0 s",
            "create networkchaos upgrade-lab-network-nacos-2",
            "delete networkchaos upgrade-lab-network-nacos-2",
            "-- rolling client upgrade to 2.0.4 in 3 batches (0 providers)",
            "POST upgrade-lab-probe-003 /phase rolling client upgrade to 2.0.4 in 3 batches (0 providers)",
            "create deployments upgrade-lab-fleet-2-0-4 replicas=0",
            "patch deployments upgrade-lab-fleet-2-0-4 /spec/replicas=1",
            "POST upgrade-lab-fleet-2-0-4-008 /scale to=10 client=2.0.4",
            "POST upgrade-lab-fleet-1-4-1-004 /scale to=0 client=1.4.1",
            "patch pods upgrade-lab-fleet-1-4-1-004 /metadata/annotations/controller.kubernetes.io/pod-deletion-cost=-1000",
            "patch deployments upgrade-lab-fleet-1-4-1 /spec/replicas=2",
            "create deployments upgrade-lab-demo-2-0-4 replicas=0",
            "patch deployments upgrade-lab-demo-2-0-4 /spec/replicas=1",
            "patch deployments upgrade-lab-demo-1-4-1 /spec/replicas=1",
            "patch deployments upgrade-lab-fleet-2-0-4 /spec/replicas=2",
            "POST upgrade-lab-fleet-2-0-4-010 /scale to=10 client=2.0.4",
            "POST upgrade-lab-fleet-1-4-1-005 /scale to=0 client=1.4.1",
            "patch pods upgrade-lab-fleet-1-4-1-005 /metadata/annotations/controller.kubernetes.io/pod-deletion-cost=-1000",
            "patch deployments upgrade-lab-fleet-1-4-1 /spec/replicas=1",
            "patch deployments upgrade-lab-demo-2-0-4 /spec/replicas=2",
            "patch deployments upgrade-lab-demo-1-4-1 /spec/replicas=0",
            "patch deployments upgrade-lab-fleet-2-0-4 /spec/replicas=3",
            "POST upgrade-lab-fleet-2-0-4-012 /scale to=2 client=2.0.4",
            "POST upgrade-lab-fleet-1-4-1-006 /scale to=0 client=1.4.1",
            "patch pods upgrade-lab-fleet-1-4-1-006 /metadata/annotations/controller.kubernetes.io/pod-deletion-cost=-1000",
            "patch deployments upgrade-lab-fleet-1-4-1 /spec/replicas=0",
            "-- tear-down",
            "POST upgrade-lab-probe-003 /stop",
            "delete deployments upgrade-lab-probe",
            "delete deployments upgrade-lab-fleet-1-4-1",
            "delete deployments upgrade-lab-fleet-2-0-4",
            "delete deployments upgrade-lab-demo-1-4-1",
            "delete deployments upgrade-lab-demo-2-0-4",
            "delete statefulsets nacos",
            "delete services nacos",
            "deletecollection persistentvolumeclaims");

    private static void leaves(String path, JsonNode node, List<String> into) {
        if (!node.isObject()) {
            into.add(path + "=" + (node.isTextual() ? node.asText() : node.toString()));
            return;
        }
        node.fields().forEachRemaining(f -> leaves(path + "/" + f.getKey(), f.getValue(), into));
    }

    private static FaultPhase fault(String kind, int node) {
        return new FaultPhase(kind, node, Duration.ZERO, new LinkedHashMap<>(), null)
                .resolve(FleetScale.none(1000), new Problems());
    }

    private void assertTheRoleGrantsEveryCallAndEachGrantIsCalled() throws InterruptedException {
        List<ApiCall> calls = new ArrayList<>();
        for (RecordedRequest r; (r = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null; ) {
            if (AGENT.equals(r.getHeader("User-Agent"))) {
                calls.add(ApiCall.of(r.getMethod(), r.getPath()));
            }
        }
        List<PolicyRule> rules = RunnerManifests.rules(NS);
        assertThat(calls.stream().filter(c -> rules.stream().noneMatch(c::grantedBy)).distinct())
                .as("calls the Role does not grant").isEmpty();
        Set<String> called = calls.stream().map(ApiCall::permission).collect(Collectors.toCollection(TreeSet::new));
        Set<String> granted = new TreeSet<>();
        rules.forEach(rule -> rule.getApiGroups().forEach(g -> rule.getResources().forEach(res -> rule.getVerbs()
                .forEach(v -> granted.add(ApiCall.permission(g, res, v))))));
        assertThat(called).as("what the Role grants, each called").containsExactlyElementsOf(granted);
    }

    private static Target target() {
        return Targets.of("{backend: kubernetes, version: 1.4.1, serverHeap: 512m, kubernetes: {namespace: " + NS
                + ", startTimeout: 20s}}");
    }

    /** The API server's dispatcher, writing each of the runner's writes to the sequence as it arrives. */
    private final class Recording extends Dispatcher {

        private final Dispatcher api;

        Recording(Dispatcher api) {
            this.api = api;
        }

        @Override
        public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
            if (AGENT.equals(request.getHeader("User-Agent")) && !"GET".equals(request.getMethod())) {
                sequence.add(describe(request));
            }
            return api.dispatch(request);
        }

        /** "create deployments NAME replicas=N", "patch deployments NAME /spec/replicas=3", "delete pods NAME". */
        private String describe(RecordedRequest request) {
            ApiCall call = ApiCall.of(request.getMethod(), request.getPath());
            String body = request.getBody().clone().readUtf8();
            try {
                JsonNode json = body.isEmpty() ? null : JSON.readTree(body);
                return switch (call.verb()) {
                    case "create" -> "create " + call.resource() + " " + json.at("/metadata/name").asText()
                            + (json.at("/spec/replicas").isMissingNode() || !call.resource().equals("deployments") ? ""
                            : " replicas=" + json.at("/spec/replicas").asInt());
                    case "patch" -> ("patch " + call.resource() + " " + call.name() + " " + operations(json)).strip();
                    case "deletecollection" -> "deletecollection " + call.resource();
                    default -> call.verb() + " " + call.resource() + (call.name() == null ? "" : " " + call.name());
                };
            } catch (Exception e) {
                return call.verb() + " " + call.resource() + " (" + e + ")";
            }
        }

        /** A JSON patch's operations, "PATH=VALUE" each; a merge patch's leaves alike. */
        private String operations(JsonNode patch) {
            List<String> ops = new ArrayList<>();
            if (patch.isObject()) {
                leaves("", patch, ops);
                return String.join(" ", ops);
            }
            patch.forEach(op -> ops.add(op.path("path").asText() + "=" + (op.path("value").isTextual()
                    ? op.path("value").asText() : op.path("value").toString())));
            ops.removeIf(op -> op.startsWith("/metadata/resourceVersion="));   // fabric8's optimistic lock: a counter
            return String.join(" ", ops);
        }
    }

    /**
     * Runs {@code phase} as the engine does, through the fixture's run over the parts under test: marked
     * in the sequence, told to the probe.
     */
    private void phase(FakeRunContext run, Probe probe, Phase phase) throws InterruptedException {
        String title = phase.title(new PlannedState(3, "2.0.4", run.fleetGeneration(), 2, "kubernetes", Set.of()));
        sequence.add("-- " + title);
        probe.phaseBegan(new ProbePhase(++phases, title, Instant.now()));
        phase.run(run);
    }
}
