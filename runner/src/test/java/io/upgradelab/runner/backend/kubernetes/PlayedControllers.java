package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.chaosmesh.client.ChaosMeshClient;
import io.fabric8.chaosmesh.v1alpha1.PodChaos;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * What a real cluster does and the mock API server does not, played in the test: the StatefulSet
 * controller (creates the missing pods {@code nacos-0..n-1} from the current template, OnDelete),
 * the garbage collector (a deleted StatefulSet's pods go), the kubelet (a pod is Ready unless a
 * pod-failure holds it) and Chaos Mesh (a pod-kill deletes its pod once). One reconcile pass every
 * 20 ms on one thread. It also keeps the pod events in order, as a watch sees them.
 */
final class PlayedControllers implements AutoCloseable {

    private final KubernetesClient client;
    private final ChaosMeshClient chaos;
    private final String namespace;
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
    private final Set<String> killsDone = new HashSet<>();
    private final List<String> podEvents = new ArrayList<>();
    private final Watch watch;

    PlayedControllers(KubernetesClient client, String namespace) {
        this.client = client;
        this.chaos = client.adapt(ChaosMeshClient.class);
        this.namespace = namespace;
        this.watch = client.pods().inNamespace(namespace).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if (action == Action.ADDED || action == Action.DELETED) {
                    synchronized (podEvents) {
                        podEvents.add(action + " " + pod.getMetadata().getName() + " "
                                + KubernetesCluster.imageOf(pod).replaceFirst(".*:", ""));
                    }
                }
            }

            @Override
            public void onClose(WatcherException cause) {
            }
        });
        loop.scheduleWithFixedDelay(this::reconcileQuietly, 0, 20, TimeUnit.MILLISECONDS);
    }

    /** "ADDED nacos-0 v1.4.1", "DELETED nacos-1 v1.4.1", ... in the order they happened. */
    List<String> podEvents() {
        synchronized (podEvents) {
            return List.copyOf(podEvents);
        }
    }

    private void reconcileQuietly() {
        try {
            reconcile();
        } catch (RuntimeException e) {
            // the namespace is being torn down, or a race with the backend: the next pass sees the new state
        }
    }

    private void reconcile() {
        StatefulSet set = client.apps().statefulSets().inNamespace(namespace).withName(ClusterManifests.NACOS).get();
        List<Pod> pods = client.pods().inNamespace(namespace).list().getItems();
        if (set == null) {
            pods.forEach(p -> client.resource(p).delete());   // the garbage collector
            return;
        }
        List<PodChaos> podChaos = chaos.podChaos().inNamespace(namespace).list().getItems();
        for (PodChaos kill : podChaos) {   // Chaos Mesh: a pod-kill acts once
            if ("pod-kill".equals(kill.getSpec().getAction()) && killsDone.add(kill.getMetadata().getUid())) {
                client.pods().inNamespace(namespace).withName(selectedPod(kill)).delete();
            }
        }
        Set<String> failing = podChaos.stream().filter(c -> "pod-failure".equals(c.getSpec().getAction()))
                .map(PlayedControllers::selectedPod).collect(Collectors.toSet());
        Map<String, Pod> byName = new HashMap<>();
        pods.forEach(p -> byName.put(p.getMetadata().getName(), p));
        for (int ordinal = 0; ordinal < set.getSpec().getReplicas(); ordinal++) {
            String name = ClusterManifests.NACOS + "-" + ordinal;
            Pod pod = byName.get(name);
            if (pod == null) {   // the StatefulSet controller, from the template as it is now: the
                // backend changes the image before it deletes the pod, so a pod seen missing was
                // deleted after the change, and a template read before the pod list might predate it
                StatefulSet current = client.apps().statefulSets().inNamespace(namespace)
                        .withName(ClusterManifests.NACOS).get();
                pod = client.resource(podFrom(current, name)).create();
            }
            boolean ready = !failing.contains(name);                 // the kubelet's readiness probe
            if (ready != KubernetesCluster.ready().test(pod)) {
                client.resource(withReady(pod, ready)).updateStatus();
            }
        }
    }

    private static String selectedPod(PodChaos c) {
        return c.getSpec().getSelector().getLabelSelectors().get(ClusterManifests.POD_NAME_LABEL);
    }

    private Pod podFrom(StatefulSet set, String name) {
        return new PodBuilder()
                .withNewMetadata().withName(name).withNamespace(namespace)
                .withLabels(set.getSpec().getTemplate().getMetadata().getLabels())
                .addToLabels(ClusterManifests.POD_NAME_LABEL, name)
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("StatefulSet")
                        .withName(set.getMetadata().getName()).withUid(set.getMetadata().getUid()).build())
                .endMetadata()
                .withSpec(set.getSpec().getTemplate().getSpec())
                .build();
    }

    private static Pod withReady(Pod pod, boolean ready) {
        return new PodBuilder(pod).withNewStatus().withPhase("Running")
                .withConditions(new PodConditionBuilder().withType("Ready").withStatus(ready ? "True" : "False").build())
                .endStatus().build();
    }

    @Override
    public void close() throws InterruptedException {
        loop.shutdownNow();
        loop.awaitTermination(5, TimeUnit.SECONDS);
        watch.close();
    }
}
