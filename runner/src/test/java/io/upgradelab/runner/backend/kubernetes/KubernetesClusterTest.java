package io.upgradelab.runner.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.chaosmesh.client.ChaosMeshClient;
import io.fabric8.chaosmesh.v1alpha1.NetworkChaos;
import io.fabric8.chaosmesh.v1alpha1.PodChaos;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.InMemoryNodes;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NodeReadiness;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.testing.Targets;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The kubernetes backend against fabric8's mock API server in CRUD mode (on loopback), with the
 * StatefulSet controller, the kubelet and Chaos Mesh played by {@link PlayedControllers}: a rolling
 * upgrade node by node, a pause, a kill, a graceful stop, network delay and loss, and the clean-up,
 * asserted on the resources the API server holds after each step and on the pod events in order.
 * A whole run, with the load and the runner's Role, is {@link WholeRunTest}'s.
 */
class KubernetesClusterTest {

    private static final String NS = "lab-test";
    /** The API server read every 20 ms: the mock answers in milliseconds. */
    private static final Poll FAST = new Poll(Duration.ofMillis(20), Duration.ofSeconds(30));
    private static final Map<String, String> OURS = Map.of(LabLabels.MANAGED_BY, LabLabels.LAB);

    KubernetesClient client;
    KubernetesMockServer server;

    private PlayedControllers controllers;
    private ChaosMeshClient chaos;
    private final List<String> progress = new CopyOnWriteArrayList<>();
    private boolean clientClosedByBackend;
    /** The Nacos nodes behind the pods, answering readiness from memory. */
    private final InMemoryNodes nacos = new InMemoryNodes();
    /** No load runs here: only the nodes are reached. */
    private final PodAddresses nodesInMemory = new PodAddresses() {
        @Override
        public URI control(Pod pod, int port) {
            throw new UnsupportedOperationException("no load in this test");
        }

        @Override
        public List<NodeReadiness.Node> nacosNodes(List<NodeStatus> running, IntFunction<NacosApi> api) {
            return nacos.of(running);
        }
    };

    @BeforeEach
    void playTheControllers() {
        server = MockApiServers.crud(UnaryOperator.identity());
        client = server.createClient();
        controllers = new PlayedControllers(client, NS);
        chaos = client.adapt(ChaosMeshClient.class);
    }

    @AfterEach
    void stopPlaying() throws InterruptedException {
        controllers.close();
        client.close();
        server.destroy();
    }

    private KubernetesCluster open(String version) {
        Target target = Targets.of("{backend: kubernetes, version: " + version + ", serverHeap: 512m, kubernetes: {namespace: "
                + NS + ", startTimeout: 20s}}");
        return KubernetesCluster.open(client, target, progress::add, () -> clientClosedByBackend = true, FAST,
                nodesInMemory);
    }

    @Test
    void opensUpgradesNodeByNodeInjectsPodAndNetworkChaosAndCleansUp() {
        KubernetesCluster cluster = open("1.4.1");

        // created: the namespace, the headless Service, the StatefulSet, three Ready pods on 1.4.1
        assertThat(client.namespaces().withName(NS).get().getMetadata().getLabels()).containsAllEntriesOf(OURS);
        Service service = client.services().inNamespace(NS).withName("nacos").get();
        assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
        assertThat(service.getSpec().getPorts()).extracting(ServicePort::getPort).containsExactly(8848, 9848, 9849, 7848);
        StatefulSet set = statefulSet();
        assertThat(set.getSpec().getReplicas()).isEqualTo(3);
        assertThat(set.getSpec().getUpdateStrategy().getType()).isEqualTo("OnDelete");
        assertThat(KubernetesCluster.imageOf(set)).isEqualTo("nacos/nacos-server:v1.4.1");
        assertThat(controllers.podEvents()).containsExactly("ADDED nacos-0 v1.4.1", "ADDED nacos-1 v1.4.1",
                "ADDED nacos-2 v1.4.1");
        assertThat(cluster.nodes()).containsExactly(
                new NodeStatus(1, "nacos-0.nacos.lab-test.svc.cluster.local:8848", "1.4.1", -1, NodeState.UP, null),
                new NodeStatus(2, "nacos-1.nacos.lab-test.svc.cluster.local:8848", "1.4.1", -1, NodeState.UP, null),
                new NodeStatus(3, "nacos-2.nacos.lab-test.svc.cluster.local:8848", "1.4.1", -1, NodeState.UP, null));

        // rolling upgrade: the template's image changes once, then each pod in turn is deleted and comes back on 2.0.4
        List<String> expectedEvents = new ArrayList<>(controllers.podEvents());
        List<List<String>> versionsAfterEachStep = new ArrayList<>();
        assertThat(nacos.node(1).registrations()).as("readiness once the pods were Ready").isPositive();
        for (int node = 1; node <= 3; node++) {
            int registered = nacos.node(node).registrations();
            cluster.upgradeNode(node, "2.0.4");
            assertThat(nacos.node(node).registrations()).as("readiness after the pod came back").isGreaterThan(registered);
            assertThat(nacos.node(node).version()).isEqualTo("2.0.4");
            assertThat(KubernetesCluster.imageOf(statefulSet())).isEqualTo("nacos/nacos-server:v2.0.4");
            expectedEvents.add("DELETED nacos-" + (node - 1) + " v1.4.1");
            expectedEvents.add("ADDED nacos-" + (node - 1) + " v2.0.4");
            assertThat(controllers.podEvents()).containsExactlyElementsOf(expectedEvents);
            versionsAfterEachStep.add(cluster.nodes().stream().map(NodeStatus::version).toList());
        }
        assertThat(versionsAfterEachStep).containsExactly(List.of("2.0.4", "1.4.1", "1.4.1"),
                List.of("2.0.4", "2.0.4", "1.4.1"), List.of("2.0.4", "2.0.4", "2.0.4"));
        assertThat(progress).contains("node 2: upgraded 1.4.1 -> 2.0.4 in " + secondsIn(progress, "node 2: upgraded")
                + "; pod nacos-1 Ready, members agree again");
        assertThat(progress).as("the last step ends the 1.x-compatible mode")
                .containsOnlyOnce("every node runs 2.x: waiting for the cluster to leave 1.x-compatible mode (upgraded=true)");
        assertThat(nacos.node(3).modeQuestions()).as("asked once every node ran 2.x").isPositive();

        // pause: a PodChaos pod-failure on nacos-1 only while paused; the pod is not deleted
        cluster.pauseNode(2);
        PodChaos failure = podChaos("upgrade-lab-pod-failure-nacos-1");
        assertThat(failure.getSpec().getAction()).isEqualTo("pod-failure");
        assertThat(failure.getSpec().getMode()).isEqualTo("one");
        assertThat(failure.getSpec().getSelector().getNamespaces()).containsExactly(NS);
        assertThat(failure.getSpec().getSelector().getLabelSelectors())
                .containsExactly(Map.entry("statefulset.kubernetes.io/pod-name", "nacos-1"));
        assertThat(failure.getSpec().getDuration()).isEqualTo("1h");
        assertThat(failure.getMetadata().getLabels()).containsAllEntriesOf(OURS).containsEntry("upgrade-lab/node", "2");
        assertThat(cluster.nodes().get(1).state()).isEqualTo(NodeState.PAUSED);
        cluster.resumeNode(2);
        assertThat(podChaos("upgrade-lab-pod-failure-nacos-1")).isNull();
        assertThat(cluster.nodes().get(1).state()).isEqualTo(NodeState.UP);
        assertThat(controllers.podEvents()).containsExactlyElementsOf(expectedEvents);

        // kill: a PodChaos pod-kill on nacos-0; the pod goes, comes back (on the template's image), and the PodChaos goes
        cluster.stopNode(1, StopMode.KILL);
        PodChaos kill = podChaos("upgrade-lab-pod-kill-nacos-0");
        assertThat(kill.getSpec().getAction()).isEqualTo("pod-kill");
        assertThat(kill.getSpec().getMode()).isEqualTo("one");
        assertThat(kill.getSpec().getGracePeriod()).isZero();
        assertThat(kill.getSpec().getSelector().getLabelSelectors())
                .containsExactly(Map.entry("statefulset.kubernetes.io/pod-name", "nacos-0"));
        cluster.startNode(1);
        assertThat(podChaos("upgrade-lab-pod-kill-nacos-0")).isNull();
        expectedEvents.add("DELETED nacos-0 v2.0.4");
        expectedEvents.add("ADDED nacos-0 v2.0.4");
        assertThat(controllers.podEvents()).containsExactlyElementsOf(expectedEvents);
        assertThat(cluster.nodes().get(0).state()).isEqualTo(NodeState.UP);

        // graceful stop: the pod deleted by the backend itself, no Chaos Mesh resource
        cluster.stopNode(3, StopMode.GRACEFUL);
        assertThat(chaos.podChaos().inNamespace(NS).list().getItems()).isEmpty();
        cluster.startNode(3);
        expectedEvents.add("DELETED nacos-2 v2.0.4");
        expectedEvents.add("ADDED nacos-2 v2.0.4");
        assertThat(controllers.podEvents()).containsExactlyElementsOf(expectedEvents);

        // network: delay, then loss, each a NetworkChaos on nacos-2 while it lasts
        cluster.disturbNetwork(3, NetworkDisturbance.delay(Duration.ofMillis(200)));
        NetworkChaos delay = networkChaos("upgrade-lab-network-nacos-2");
        assertThat(delay.getSpec().getAction()).isEqualTo("delay");
        assertThat(delay.getSpec().getMode()).isEqualTo("one");
        assertThat(delay.getSpec().getDirection()).isEqualTo("to");
        assertThat(delay.getSpec().getDelay().getLatency()).isEqualTo("200ms");
        assertThat(delay.getSpec().getLoss()).isNull();
        assertThat(delay.getSpec().getSelector().getLabelSelectors())
                .containsExactly(Map.entry("statefulset.kubernetes.io/pod-name", "nacos-2"));
        cluster.restoreNetwork(3);
        assertThat(networkChaos("upgrade-lab-network-nacos-2")).isNull();
        cluster.disturbNetwork(3, NetworkDisturbance.loss(30));
        NetworkChaos loss = networkChaos("upgrade-lab-network-nacos-2");
        assertThat(loss.getSpec().getAction()).isEqualTo("loss");
        assertThat(loss.getSpec().getLoss().getLoss()).isEqualTo("30");
        assertThat(loss.getSpec().getDelay()).isNull();
        cluster.restoreNetwork(3);
        assertThat(chaos.networkChaos().inNamespace(NS).list().getItems()).isEmpty();
        cluster.restoreNetwork(3);   // nothing to restore: nothing happens

        // a fault left in place is deleted by close, with everything else the backend created
        cluster.disturbNetwork(2, NetworkDisturbance.partition());
        cluster.stressCpu(1, 2, 80);
        assertThat(chaos.stressChaos().inNamespace(NS).withName("upgrade-lab-stress-nacos-0").get()
                .getSpec().getStressors().getCpu().getWorkers()).isEqualTo(2);
        assertThat(controllers.podEvents()).containsExactlyElementsOf(expectedEvents);
        cluster.close();
        assertThat(chaos.networkChaos().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(chaos.stressChaos().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.apps().statefulSets().inNamespace(NS).withLabels(OURS).list().getItems()).isEmpty();
        assertThat(client.services().inNamespace(NS).withLabels(OURS).list().getItems()).isEmpty();
        assertThat(client.pods().inNamespace(NS).withLabels(OURS).list().getItems()).isEmpty();
        assertThat(client.namespaces().withLabels(OURS).list().getItems()).isEmpty();
        assertThat(clientClosedByBackend).isTrue();
        cluster.close();   // safe twice
    }

    @Test
    void samplesCpuAsPercentOfOneCoreFromTheMetricsApi() {
        KubernetesCluster cluster = open("2.0.4");
        server.expect().get().withPath("/apis/metrics.k8s.io/v1beta1/namespaces/" + NS + "/pods/nacos-1")
                .andReturn(200, new PodMetricsBuilder().withNewMetadata().withName("nacos-1").endMetadata()
                        .addNewContainer().withName("nacos")
                        .addToUsage("cpu", new Quantity("250m")).addToUsage("memory", new Quantity("600Mi"))
                        .endContainer().build())
                .always();
        NodeResources sample = cluster.sample(2);
        assertThat(sample.cpuPercent()).isEqualTo(25.0);
        assertThat(sample.rssMiB()).isEqualTo(600);
        assertThatThrownBy(() -> cluster.sample(3)).isInstanceOf(LabException.class)
                .hasMessageContaining("no metrics for pod nacos-2 (is metrics-server installed?)");
        cluster.close();
    }

    @Test
    void refusesToTakeOverAStatefulSetAnEarlierRunLeft() {
        client.resource(ClusterManifests.namespace(target())).create();
        client.resource(ClusterManifests.statefulSet(target())).create();
        assertThatThrownBy(() -> open("1.4.1")).isInstanceOf(LabException.class)
                .hasMessageContaining("StatefulSet nacos already exists in namespace lab-test")
                .hasMessageContaining("kubectl -n lab-test delete statefulset,service,pvc"
                        + " -l app.kubernetes.io/managed-by=upgrade-lab,app.kubernetes.io/component!=runner)");
        assertThat(statefulSet()).as("not ours to delete").isNotNull();
        assertThat(client.namespaces().withName(NS).get()).as("not created by this run").isNotNull();
    }

    private static Target target() {
        return Targets.of("{backend: kubernetes, version: 1.4.1, serverHeap: 512m, kubernetes: {namespace: " + NS
                + ", startTimeout: 20s}}");
    }

    private StatefulSet statefulSet() {
        return client.apps().statefulSets().inNamespace(NS).withName("nacos").get();
    }

    private PodChaos podChaos(String name) {
        return chaos.podChaos().inNamespace(NS).withName(name).get();
    }

    private NetworkChaos networkChaos(String name) {
        return chaos.networkChaos().inNamespace(NS).withName(name).get();
    }

    /** The "12.3 s" a progress line starting with {@code prefix} reports. */
    private static String secondsIn(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow()
                .replaceFirst(".* in ([0-9.]+ s);.*", "$1");
    }
}
