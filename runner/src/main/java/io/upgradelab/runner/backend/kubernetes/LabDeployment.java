package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.RollableScalableResource;
import io.upgradelab.runner.LabException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One Deployment of the lab's load (a fleet's client version, the probe, a client version's demo
 * providers) as the runner creates, scales and deletes it. Every change waits for what the
 * Deployment controller and the kubelet report: the Deployment's {@code readyReplicas}, and its pods
 * as listed, so a scale-down returns once the pods that go are gone.
 */
final class LabDeployment {

    /**
     * The annotation the ReplicaSet controller reads to choose which pods a scale-down removes:
     * lower costs go first ({@code controller.kubernetes.io/pod-deletion-cost}, beta and on by default since 1.22).
     */
    static final String DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
    private static final PatchContext MERGE = PatchContext.of(PatchType.JSON_MERGE);

    private final KubernetesClient client;
    private final String namespace;
    private final String name;
    private final Map<String, String> selector;
    private final Poll poll;
    private final Duration timeout;
    private final Consumer<String> progress;

    private LabDeployment(KubernetesClient client, Deployment deployment, Poll poll, Duration timeout,
                          Consumer<String> progress) {
        this.client = client;
        this.namespace = deployment.getMetadata().getNamespace();
        this.name = deployment.getMetadata().getName();
        this.selector = deployment.getSpec().getSelector().getMatchLabels();
        this.poll = poll;
        this.timeout = timeout;
        this.progress = progress;
    }

    /** {@code deployment}, not created yet; {@code timeout} bounds every wait. */
    static LabDeployment of(KubernetesClient client, Deployment deployment, Poll poll, Duration timeout,
                            Consumer<String> progress) {
        return new LabDeployment(client, deployment, poll, timeout, progress);
    }

    /** Creates {@code deployment} and waits until its replicas are Ready. */
    void create(Deployment deployment) {
        client.resource(deployment).create();
        progress.accept("Deployment " + name + ": created, " + deployment.getSpec().getReplicas() + " pod(s)");
        awaitPods(deployment.getSpec().getReplicas());
    }

    String name() {
        return name;
    }

    /** The replicas the lab last asked for. */
    int replicas() {
        Deployment d = resource().get();
        return d == null ? 0 : d.getSpec().getReplicas();
    }

    /**
     * Sets the replicas and waits until exactly that many pods are there and Ready. A merge patch of
     * the replicas alone, without the resourceVersion: the controller writes the Deployment's status
     * meanwhile, which an optimistic lock would take for a conflict, and the replicas are the lab's alone.
     */
    void scaleTo(int replicas) {
        int from = replicas();
        resource().patch(MERGE, "{\"spec\":{\"replicas\":" + replicas + "}}");
        progress.accept("Deployment " + name + ": " + from + " -> " + replicas + " pod(s)");
        awaitPods(replicas);
    }

    /** Its Ready pods, not on their way out, the first started first (then by name, for a stable order). */
    List<Pod> readyPods() {
        return client.pods().inNamespace(namespace).withLabels(selector).list().getItems().stream()
                .filter(KubernetesCluster.ready())
                .sorted(Comparator.comparing((Pod p) -> Objects.toString(p.getMetadata().getCreationTimestamp(), ""))
                        .thenComparing(p -> p.getMetadata().getName()))
                .toList();
    }

    /** Marks {@code pods} as the ones the next scale-down removes, before the others. */
    void removeFirst(List<Pod> pods) {
        for (Pod pod : pods) {
            client.pods().inNamespace(namespace).withName(pod.getMetadata().getName())
                    .patch(MERGE, "{\"metadata\":{\"annotations\":{\"" + DELETION_COST + "\":\"-1000\"}}}");
        }
    }

    /** Deletes it (its pods get SIGTERM and their grace period) and waits until its pods are gone. */
    void delete() {
        resource().delete();
        if (!poll.until(() -> pods().size(), n -> n == 0, timeout,
                n -> progress.accept("Deployment " + name + ": still waiting for " + n + " pod(s) to go"))) {
            throw new LabException(LabException.FAILED, "Deployment " + name + ": pods still there "
                    + timeout.toSeconds() + " s after its deletion");
        }
        progress.accept("Deployment " + name + ": deleted, its pods gone");
    }

    private void awaitPods(int replicas) {
        if (!poll.until(this::state, s -> s.ready() == replicas && s.pods() == replicas, timeout,
                s -> progress.accept("Deployment " + name + ": still waiting for " + replicas + " Ready pod(s): " + s))) {
            throw new LabException(LabException.FAILED, "Deployment " + name + ": not " + replicas
                    + " Ready pod(s) within " + timeout.toSeconds() + " s: " + state() + describeOne());
        }
    }

    /** What the controller reports (readyReplicas) and how many pods are there, leaving ones included. */
    private record State(int ready, int pods) {
        @Override
        public String toString() {
            return ready + " Ready, " + pods + " pod(s) there";
        }
    }

    private State state() {
        Deployment d = resource().get();
        DeploymentStatus status = d == null ? null : d.getStatus();
        int ready = status == null || status.getReadyReplicas() == null ? 0 : status.getReadyReplicas();
        return new State(ready, pods().size());
    }

    private List<Pod> pods() {
        return client.pods().inNamespace(namespace).withLabels(selector).list().getItems();
    }

    private String describeOne() {
        return pods().stream().filter(KubernetesCluster.ready().negate()).findFirst()
                .map(p -> "; pod " + p.getMetadata().getName() + ": " + KubernetesCluster.describe(p)).orElse("");
    }

    private RollableScalableResource<Deployment> resource() {
        return client.apps().deployments().inNamespace(namespace).withName(name);
    }
}
