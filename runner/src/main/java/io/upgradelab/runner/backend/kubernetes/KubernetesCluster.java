package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.chaosmesh.client.ChaosMeshClient;
import io.fabric8.chaosmesh.v1alpha1.StressChaos;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.ContainerMetrics;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetrics;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.PodResource;
import io.fabric8.kubernetes.client.dsl.RollableScalableResource;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NacosImages;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NodeReadiness;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.UpgradePath;
import io.upgradelab.runner.workload.Workloads;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.upgradelab.demo.ControlToken;

/**
 * A Nacos cluster as a StatefulSet in a Kubernetes namespace, its faults as Chaos Mesh resources,
 * all through the fabric8 client (and its Chaos Mesh extension).
 *
 * <p>Every wait watches a real signal from the API server (a pod's Ready condition, its image, its
 * uid changing, a resource gone) until it holds or {@code kubernetes.startTimeout} passes; the
 * timeout names the pod and what it was doing (e.g. ImagePullBackOff). A Ready pod is this
 * backend's "up"; after it, the cluster must be ready as on every backend ({@link NodeReadiness},
 * over the nodes' open APIs: members agree, 2.x mode where due, registrations accepted).
 *
 * <p>Its {@link #workloads()} run the demo providers, the fleet and the probe as Deployments beside it.
 *
 * <p>{@link #close()} deletes what it created: the Chaos Mesh resources, the load's Deployments still
 * there, the StatefulSet (then waits for its pods to go), the Service, the data volumes, and the
 * namespace when it created it.
 * A namespace that existed before is left, with whatever else is in it.
 */
public final class KubernetesCluster implements Backend {

    /** How long a fault may take to show (a pod killed, a pod not ready), and a pod to go at the end. */
    private static final Duration FAULT_EFFECT = Duration.ofMinutes(2);

    private final KubernetesClient client;
    private final ChaosMeshClient chaos;
    private final Target target;
    private final String namespace;
    private final Duration startTimeout;
    private final Consumer<String> progress;
    /** The Chaos Mesh resources in place now, by name: what {@link #close()} must still delete. */
    private final Map<String, HasMetadata> faults = new ConcurrentHashMap<>();
    /** The uid of each node's pod as it was stopped: {@link #startNode} waits for another. */
    private final Map<Integer, String> stoppedPods = new ConcurrentHashMap<>();
    private final Set<Integer> paused = ConcurrentHashMap.newKeySet();
    private final Runnable afterClose;
    private final Poll poll;
    /** Where the load's pods and the nodes are reached. */
    private final PodAddresses addresses;
    private final KubernetesWorkloads workloads;
    private boolean createdNamespace;
    private boolean createdCluster;
    private boolean closed;

    private KubernetesCluster(KubernetesClient client, Target target, Consumer<String> progress, Runnable afterClose,
                              Poll poll, PodAddresses addresses, Supplier<ControlToken> controlToken) {
        this.client = client;
        this.chaos = client.adapt(ChaosMeshClient.class);
        this.target = target;
        this.namespace = target.kubernetes().namespace();
        this.startTimeout = target.kubernetes().startTimeout();
        this.progress = progress;
        this.afterClose = afterClose;
        this.poll = poll;
        this.addresses = addresses;
        this.workloads = new KubernetesWorkloads(client, target, poll, addresses, controlToken);
    }

    /**
     * Creates the namespace (when missing), the Service and the StatefulSet, and returns once every
     * pod is Ready and the cluster is ready ({@link NodeReadiness}); on failure deletes them again.
     *
     * @param afterClose run once by {@link #close()}, e.g. to close a client the caller opened for it
     * @throws LabException INVALID_INPUT when a StatefulSet {@code nacos} is already there (an earlier
     *                      run's, or someone else's); FAILED when the pods did not become Ready
     */
    public static KubernetesCluster open(KubernetesClient client, Target target, Consumer<String> progress,
                                         Runnable afterClose) {
        return open(client, target, progress, afterClose, Poll.DEFAULT, PodAddresses.POD_IP,
                KubernetesWorkloads.FROM_ENVIRONMENT);
    }

    /**
     * {@link #open(KubernetesClient, Target, Consumer, Runnable)}, reading every {@code poll.interval} and
     * reaching the load's pods at {@code addresses}.
     */
    static KubernetesCluster open(KubernetesClient client, Target target, Consumer<String> progress,
                                  Runnable afterClose, Poll poll, PodAddresses addresses) {
        return open(client, target, progress, afterClose, poll, addresses, KubernetesWorkloads.FROM_ENVIRONMENT);
    }

    /**
     * {@link #open(KubernetesClient, Target, Consumer, Runnable, Poll, PodAddresses)}, calling the load's
     * control ports with the token {@code controlToken} gives (the runner Job's environment's, or a test's).
     */
    static KubernetesCluster open(KubernetesClient client, Target target, Consumer<String> progress,
                                  Runnable afterClose, Poll poll, PodAddresses addresses,
                                  Supplier<ControlToken> controlToken) {
        KubernetesCluster cluster = new KubernetesCluster(client, target, progress, afterClose, poll, addresses,
                controlToken);
        try {
            cluster.create();
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void create() {
        long began = System.nanoTime();
        if (client.namespaces().withName(namespace).get() == null) {
            client.resource(ClusterManifests.namespace(target)).create();
            createdNamespace = true;
            progress.accept("namespace " + namespace + ": created");
        }
        if (statefulSet().get() != null) {
            throw LabException.invalidInput("StatefulSet " + ClusterManifests.NACOS + " already exists in namespace "
                    + namespace + ": delete what an earlier run left (kubectl -n " + namespace
                    + " delete statefulset,service,pvc -l " + LabLabels.MANAGED_BY + "=" + LabLabels.LAB
                    + "," + LabLabels.COMPONENT + "!=" + RunnerManifests.COMPONENT   // not the runs' volume
                    + ") or choose another kubernetes.namespace");
        }
        client.resource(ClusterManifests.service(target)).create();
        createdCluster = true;
        client.resource(ClusterManifests.statefulSet(target)).create();
        progress.accept("StatefulSet " + ClusterManifests.NACOS + ": " + target.nodes() + " x "
                + ClusterManifests.nacosImage(target, target.version()) + " in namespace " + namespace
                + "; waiting for every pod to be Ready (timeout " + startTimeout.toSeconds() + " s)");
        long deadline = System.nanoTime() + startTimeout.toNanos();
        for (int n = 1; n <= target.nodes(); n++) {
            awaitPod(n, ready(), Duration.ofNanos(Math.max(0, deadline - System.nanoTime())), "to be Ready");
            progress.accept("node " + n + ": pod " + ClusterManifests.podName(n) + " Ready");
        }
        readiness().await(startTimeout);
        progress.accept("cluster up: " + target.nodes() + " pods Ready in " + seconds(System.nanoTime() - began)
                + "; members agree");
    }

    /** Read from the API server each time, without a lock: observers see the nodes during a long upgrade step. */
    @Override
    public List<NodeStatus> nodes() {
        StatefulSet set = statefulSet().get();
        String templateImage = set == null ? ClusterManifests.nacosImage(target, target.version()) : imageOf(set);
        return IntStream.rangeClosed(1, target.nodes()).mapToObj(n -> {
            Pod pod = pod(n).get();
            String image = pod == null ? templateImage : imageOf(pod);
            return new NodeStatus(n, ClusterManifests.address(namespace, n), NacosImages.versionOf(image), -1,
                    stateOf(n, pod), null);
        }).toList();
    }

    /**
     * Sets the StatefulSet's image to {@code version}, deletes this node's pod (with its grace
     * period), waits until the controller has recreated it on that image and it is Ready, then until
     * the cluster is ready again ({@link NodeReadiness}).
     */
    @Override
    public synchronized void upgradeNode(int node, String version, boolean awaitTwoXMode) {
        requireNode(node);
        String image = ClusterManifests.nacosImage(target, version);
        Pod before = pod(node).get();
        String from = before == null ? "?" : NacosImages.versionOf(imageOf(before));
        long began = System.nanoTime();
        statefulSet().edit(set -> withImage(set, image, version));
        progress.accept("node " + node + ": StatefulSet image " + image + "; deleting pod "
                + ClusterManifests.podName(node) + " for the upgrade " + from + " -> " + version);
        pod(node).delete();
        String oldUid = before == null ? "" : before.getMetadata().getUid();
        awaitPod(node, ready().and(p -> !p.getMetadata().getUid().equals(oldUid) && image.equals(imageOf(p))),
                startTimeout, "to come back on " + image + " and be Ready");
        readiness().awaitUpgrade(new UpgradePath(from, version), nodes().stream().map(NodeStatus::version).toList(),
                startTimeout, awaitTwoXMode);
        progress.accept("node " + node + ": upgraded " + from + " -> " + version + " in "
                + seconds(System.nanoTime() - began) + "; pod " + ClusterManifests.podName(node)
                + " Ready, members agree again");
    }

    /**
     * KILL: a PodChaos {@code pod-kill}; GRACEFUL: the pod deleted with its grace period. Returns
     * once that pod is gone. The StatefulSet controller recreates it at once: on Kubernetes a
     * stopped node does not stay down, and {@link #startNode} waits for its successor.
     */
    @Override
    public synchronized void stopNode(int node, StopMode mode) {
        requireNode(node);
        Pod pod = pod(node).get();
        if (pod == null) {
            throw new LabException(LabException.FAILED, "node " + node + ": pod " + ClusterManifests.podName(node)
                    + " does not exist: nothing to stop");
        }
        String uid = pod.getMetadata().getUid();
        stoppedPods.put(node, uid);
        Duration gone = switch (mode) {
            case KILL -> {
                progress.accept("node " + node + ": killing pod " + pod.getMetadata().getName() + " (PodChaos pod-kill)");
                apply(ChaosManifests.podKill(target, node));
                yield FAULT_EFFECT;
            }
            case GRACEFUL -> {
                progress.accept("node " + node + ": deleting pod " + pod.getMetadata().getName() + " (grace period "
                        + pod.getSpec().getTerminationGracePeriodSeconds() + " s)");
                pod(node).delete();
                yield FAULT_EFFECT.plusSeconds(ClusterManifests.TERMINATION_GRACE_SECONDS);
            }
        };
        awaitPodGone(node, uid, gone);
    }

    /**
     * Removes the node's pod-kill, if any, and waits until its pod (another one than was stopped) is
     * Ready, then until the cluster is ready again ({@link NodeReadiness}).
     */
    @Override
    public synchronized void startNode(int node) {
        requireNode(node);
        long began = System.nanoTime();
        remove(ChaosManifests.name("pod-kill", node));
        String stopped = stoppedPods.getOrDefault(node, "");
        awaitPod(node, ready().and(p -> !p.getMetadata().getUid().equals(stopped)), startTimeout, "to be Ready again");
        stoppedPods.remove(node);
        readiness().await(startTimeout);
        progress.accept("node " + node + ": pod " + ClusterManifests.podName(node) + " Ready again in "
                + seconds(System.nanoTime() - began));
    }

    /** A PodChaos {@code pod-failure} on the node's pod; returns once the pod is no longer Ready. */
    @Override
    public synchronized void pauseNode(int node) {
        requireNode(node);
        apply(ChaosManifests.podFailure(target, node));
        paused.add(node);
        awaitPod(node, ready().negate(), FAULT_EFFECT, "to stop being Ready under PodChaos pod-failure");
        progress.accept("node " + node + ": paused (PodChaos pod-failure; pod " + ClusterManifests.podName(node)
                + " not Ready)");
    }

    /** Deletes the pod-failure and waits until the pod is Ready again. */
    @Override
    public synchronized void resumeNode(int node) {
        requireNode(node);
        remove(ChaosManifests.name("pod-failure", node));
        paused.remove(node);
        awaitPod(node, ready(), startTimeout, "to be Ready again after PodChaos pod-failure");
        progress.accept("node " + node + ": resumed (pod " + ClusterManifests.podName(node) + " Ready)");
    }

    /** A NetworkChaos on the node's pod; Chaos Mesh applies it within a second or two. */
    @Override
    public synchronized void disturbNetwork(int node, NetworkDisturbance disturbance) {
        requireNode(node);
        apply(ChaosManifests.network(target, node, disturbance));
        progress.accept("node " + node + ": " + disturbance.describe() + " (NetworkChaos "
                + ChaosManifests.name("network", node) + ")");
    }

    @Override
    public synchronized void restoreNetwork(int node) {
        requireNode(node);
        if (remove(ChaosManifests.name("network", node))) {
            progress.accept("node " + node + ": network restored (NetworkChaos deleted)");
        }
    }

    /** A StressChaos: {@code workers} CPU burners at {@code loadPercent} next to the node's Nacos, until {@link #removeStress}. */
    public synchronized void stressCpu(int node, int workers, int loadPercent) {
        requireNode(node);
        StressChaos stress = ChaosManifests.cpuStress(target, node, workers, loadPercent);
        apply(stress);
        progress.accept("node " + node + ": CPU stress, " + workers + " workers at " + loadPercent + " % (StressChaos)");
    }

    public synchronized void removeStress(int node) {
        requireNode(node);
        if (remove(ChaosManifests.name("stress", node))) {
            progress.accept("node " + node + ": CPU stress removed");
        }
    }

    /**
     * From the metrics API (metrics-server): CPU in percent of one core (millicores / 10), averaged
     * over metrics-server's window rather than since the previous sample, and the working set as
     * memory. Fails when the cluster has no metrics API.
     */
    @Override
    public NacosApi api(int node) {
        // the address is the pod's stable DNS name: no need to list the pods (as nodes() does) for it
        return NacosApi.of(ClusterManifests.address(namespace, node), credentials());
    }

    @Override
    public NodeResources sample(int node) {
        requireNode(node);
        PodMetrics metrics;
        try {
            metrics = client.top().pods().metrics(namespace, ClusterManifests.podName(node));
        } catch (KubernetesClientException e) {
            throw new LabException(LabException.FAILED, "no metrics for pod " + ClusterManifests.podName(node)
                    + " (is metrics-server installed?): " + e.getMessage());
        }
        BigDecimal cores = BigDecimal.ZERO;
        BigDecimal bytes = BigDecimal.ZERO;
        for (ContainerMetrics c : metrics.getContainers()) {
            if (ClusterManifests.NACOS.equals(c.getName())) {
                cores = cores.add(amount(c.getUsage().get("cpu")));
                bytes = bytes.add(amount(c.getUsage().get("memory")));
            }
        }
        return new NodeResources(cores.doubleValue() * 100, bytes.longValue());
    }

    /**
     * The demo providers, the fleet and the probe as Deployments in the namespace ({@link KubernetesWorkloads}):
     * the nodes' addresses are the pods' DNS names, which resolve in the cluster, where the runner Job runs.
     */
    @Override
    public Workloads workloads() {
        return workloads;
    }

    /**
     * Deletes the faults still in place, the load's Deployments a failed run left (their pods gone),
     * the StatefulSet and its pods, the Service, the volumes, and a namespace it created.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        List<String> failures = new ArrayList<>();
        for (String name : List.copyOf(faults.keySet())) {
            attempt(failures, "delete " + name, () -> remove(name));
        }
        workloads.deleteAll(failures);
        if (createdCluster) {
            attempt(failures, "delete the StatefulSet", () -> statefulSet().delete());
            attempt(failures, "delete the Service", () -> client.services().inNamespace(namespace)
                    .withName(ClusterManifests.NACOS).delete());
            attempt(failures, "wait for the pods to go", this::awaitPodsGone);
            attempt(failures, "delete the data volumes", () -> client.persistentVolumeClaims().inNamespace(namespace)
                    .withLabels(ClusterManifests.labels(ClusterManifests.NACOS)).delete());
            progress.accept("StatefulSet, Service, pods and data volumes of " + ClusterManifests.NACOS + " deleted");
        }
        if (createdNamespace) {
            attempt(failures, "delete namespace " + namespace, () -> client.namespaces().withName(namespace).delete());
            progress.accept("namespace " + namespace + " deleted");
        }
        failures.forEach(f -> progress.accept("clean-up: could not " + f));
        afterClose.run();
    }

    /**
     * The readiness every backend waits on, over the nodes whose pods are Ready (embedded storage; no
     * log file the lab can point at: {@code kubectl logs} is where to look).
     */
    private NodeReadiness readiness() {
        return new NodeReadiness(() -> addresses.nacosNodes(nodes().stream().filter(n -> n.state() == NodeState.UP).toList(),
                this::api), new NodeReadiness.Shape(target.nodes() == 1, true, null, poll.interval()), progress);
    }

    // ---- resources

    private RollableScalableResource<StatefulSet> statefulSet() {
        return client.apps().statefulSets().inNamespace(namespace).withName(ClusterManifests.NACOS);
    }

    private PodResource pod(int node) {
        return client.pods().inNamespace(namespace).withName(ClusterManifests.podName(node));
    }

    /** Creates a Chaos Mesh resource, replacing one of the same name (a fault of the same kind on the same node). */
    private void apply(HasMetadata resource) {
        String name = resource.getMetadata().getName();
        remove(name);
        try {
            faults.put(name, client.resource(resource).create());
        } catch (KubernetesClientException e) {
            String hint = switch (e.getCode()) {
                case 404 -> " (is Chaos Mesh installed? its CRDs are missing)";
                case 409 -> " (an earlier run left it: kubectl -n " + namespace + " delete " + resource.getKind().toLowerCase()
                        + " " + name + ")";
                default -> "";
            };
            throw new LabException(LabException.FAILED, "cannot create " + resource.getKind() + " " + name
                    + " in namespace " + namespace + hint + ": " + e.getMessage());
        }
    }

    /** Deletes the fault resource {@code name} and waits until Chaos Mesh has let it go (its finalizer); false when there was none. */
    private boolean remove(String name) {
        HasMetadata resource = faults.remove(name);
        if (resource == null) {
            return false;
        }
        client.resource(resource).delete();
        if (!poll.until(() -> client.resource(resource).get(), Objects::isNull, FAULT_EFFECT,
                r -> progress.accept("still waiting for Chaos Mesh to end " + resource.getKind() + " " + name))) {
            throw new LabException(LabException.FAILED, resource.getKind() + " " + name + " in namespace " + namespace
                    + " was not gone within " + FAULT_EFFECT.toSeconds() + " s of its deletion: is Chaos Mesh's"
                    + " controller running? (kubectl -n " + namespace + " describe " + resource.getKind().toLowerCase()
                    + " " + name + ")");
        }
        return true;
    }

    /** Waits until the node's pod exists and {@code condition} holds for it, telling a person what it sees meanwhile. */
    private void awaitPod(int node, Predicate<Pod> condition, Duration timeout, String what) {
        String pod = ClusterManifests.podName(node);
        if (!poll.until(() -> pod(node).get(), p -> p != null && condition.test(p), timeout,
                p -> progress.accept("node " + node + ": still waiting for pod " + pod + " " + what + ": " + describe(p)))) {
            throw new LabException(LabException.FAILED, "node " + node + ": pod " + pod + " did not "
                    + what.replaceFirst("^to ", "") + " within " + timeout.toSeconds() + " s: " + describe(pod(node).get()));
        }
    }

    /** Waits until the node's pod with {@code uid} is gone (deleted, or already replaced by another). */
    private void awaitPodGone(int node, String uid, Duration timeout) {
        if (!poll.until(() -> pod(node).get(), p -> p == null || !uid.equals(p.getMetadata().getUid()), timeout,
                p -> progress.accept("node " + node + ": still waiting for pod " + ClusterManifests.podName(node)
                        + " to go: " + describe(p)))) {
            throw new LabException(LabException.FAILED, "node " + node + ": pod " + ClusterManifests.podName(node)
                    + " was not stopped within " + timeout.toSeconds() + " s: " + describe(pod(node).get()));
        }
    }

    /** Waits until no pod of the StatefulSet is left (the garbage collector deletes them after it). */
    private void awaitPodsGone() {
        Duration timeout = FAULT_EFFECT.plusSeconds(ClusterManifests.TERMINATION_GRACE_SECONDS);
        if (!poll.until(() -> client.pods().inNamespace(namespace).withLabels(ClusterManifests.labels(ClusterManifests.NACOS))
                        .list().getItems(), List::isEmpty, timeout,
                pods -> progress.accept("still waiting for " + pods.size() + " pods of " + ClusterManifests.NACOS + " to go"))) {
            throw new LabException(LabException.FAILED, "pods of " + ClusterManifests.NACOS + " still there after "
                    + timeout.toSeconds() + " s");
        }
    }

    private NodeState stateOf(int node, Pod pod) {
        if (pod == null || pod.getMetadata().getDeletionTimestamp() != null) {
            return NodeState.STOPPED;
        }
        if (paused.contains(node)) {
            return NodeState.PAUSED;
        }
        if (ready().test(pod)) {
            return NodeState.UP;
        }
        return "Failed".equals(pod.getStatus() == null ? null : pod.getStatus().getPhase()) ? NodeState.FAILED
                : NodeState.STARTING;
    }

    private void requireNode(int node) {
        if (node < 1 || node > target.nodes()) {
            throw LabException.invalidInput("no node " + node + ": this cluster has nodes 1 to " + target.nodes());
        }
    }

    // ---- pods, read

    /** Ready=True, and not on its way out. */
    static Predicate<Pod> ready() {
        return p -> p.getMetadata().getDeletionTimestamp() == null && p.getStatus() != null
                && p.getStatus().getConditions() != null && p.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    static String imageOf(Pod pod) {
        return pod.getSpec().getContainers().stream().filter(c -> ClusterManifests.NACOS.equals(c.getName()))
                .findFirst().orElseThrow().getImage();
    }

    static String imageOf(StatefulSet set) {
        return set.getSpec().getTemplate().getSpec().getContainers().stream()
                .filter(c -> ClusterManifests.NACOS.equals(c.getName())).findFirst().orElseThrow().getImage();
    }

    /** "phase Pending, not Ready, nacos waiting: ImagePullBackOff (...)": what a person checks first. */
    static String describe(Pod pod) {
        if (pod == null) {
            return "no such pod";
        }
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("image", pod.getSpec().getContainers().stream().filter(c -> ClusterManifests.NACOS.equals(c.getName()))
                .findFirst().orElse(pod.getSpec().getContainers().get(0)).getImage());
        if (pod.getStatus() != null) {
            parts.put("phase", Objects.toString(pod.getStatus().getPhase(), "unknown"));
            parts.put("ready", ready().test(pod) ? "yes" : "no");
            for (ContainerStatus s : pod.getStatus().getContainerStatuses() == null ? List.<ContainerStatus>of()
                    : pod.getStatus().getContainerStatuses()) {
                if (s.getState() != null && s.getState().getWaiting() != null) {
                    parts.put(s.getName() + " waiting", s.getState().getWaiting().getReason()
                            + (s.getState().getWaiting().getMessage() == null ? "" : " (" + s.getState().getWaiting().getMessage() + ")"));
                }
                if (s.getRestartCount() != null && s.getRestartCount() > 0) {
                    parts.put(s.getName() + " restarts", String.valueOf(s.getRestartCount()));
                }
            }
        }
        if (pod.getMetadata().getDeletionTimestamp() != null) {
            parts.put("deleting since", pod.getMetadata().getDeletionTimestamp());
        }
        return parts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .reduce((a, b) -> a + ", " + b).orElse("");
    }

    /**
     * {@code set} with the Nacos container on {@code image}, and {@code app.kubernetes.io/version} of the
     * StatefulSet and of its pod template {@code version}: each pod recreated from then on says which
     * version it runs (never a selector's label: those cannot change).
     */
    static StatefulSet withImage(StatefulSet set, String image, String version) {
        String label = LabLabels.value(version);
        return new StatefulSetBuilder(set)
                .editMetadata().addToLabels(LabLabels.VERSION, label).endMetadata()
                .editSpec().editTemplate()
                .editMetadata().addToLabels(LabLabels.VERSION, label).endMetadata()
                .editSpec()
                .editMatchingContainer(c -> ClusterManifests.NACOS.equals(c.getName())).withImage(image).endContainer()
                .endSpec().endTemplate().endSpec().build();
    }

    private static BigDecimal amount(Quantity quantity) {
        return quantity == null ? BigDecimal.ZERO : quantity.getNumericalAmount();
    }

    private static void attempt(List<String> failures, String what, ThrowingRunnable action) {
        try {
            action.run();
        } catch (Exception e) {
            failures.add(what + ": " + e.getMessage());
        }
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / 1e9);
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
