package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.chaosmesh.client.ChaosMeshClient;
import io.fabric8.chaosmesh.v1alpha1.PodChaos;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.Comparator;
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
 * the Deployment controller (creates pods {@code <deployment>-001...} up to its replicas, removes the
 * surplus, lowest pod-deletion-cost first, then the newest, and reports readyReplicas), the garbage
 * collector (a deleted StatefulSet's or Deployment's pods go), the kubelet (a pod is Ready, with an
 * IP, unless a pod-failure holds it) and Chaos Mesh (a pod-kill deletes its pod once). One reconcile
 * pass every 20 ms on one thread. It also keeps the Nacos pods' events in order, as a watch sees them.
 */
final class PlayedControllers implements AutoCloseable {

    private final KubernetesClient client;
    private final ChaosMeshClient chaos;
    private final String namespace;
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
    private final Set<String> killsDone = new HashSet<>();
    private int podNumber;
    private int ipNumber;
    private final List<String> podEvents = new ArrayList<>();
    private final Watch watch;

    PlayedControllers(KubernetesClient client, String namespace) {
        this.client = client;
        this.chaos = client.adapt(ChaosMeshClient.class);
        this.namespace = namespace;
        this.watch = client.pods().inNamespace(namespace).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if ((action == Action.ADDED || action == Action.DELETED) && isNacos(pod)) {
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
        List<Pod> all = client.pods().inNamespace(namespace).list().getItems();
        reconcileDeployments(all.stream().filter(p -> !isNacos(p)).toList());
        reconcileStatefulSet(all.stream().filter(PlayedControllers::isNacos).toList());
    }

    private static boolean isNacos(Pod pod) {
        return ClusterManifests.NACOS.equals(pod.getMetadata().getLabels().get(LabLabels.NAME));
    }

    private void reconcileDeployments(List<Pod> pods) {
        Map<String, List<Pod>> byOwner = pods.stream().collect(Collectors.groupingBy(
                p -> p.getMetadata().getOwnerReferences().get(0).getUid()));
        List<Deployment> deployments = client.apps().deployments().inNamespace(namespace).list().getItems();
        Set<String> live = deployments.stream().map(d -> d.getMetadata().getUid()).collect(Collectors.toSet());
        byOwner.forEach((owner, owned) -> {
            if (!live.contains(owner)) {
                owned.forEach(p -> client.resource(p).delete());   // the garbage collector
            }
        });
        for (Deployment d : deployments) {
            List<Pod> owned = new ArrayList<>(byOwner.getOrDefault(d.getMetadata().getUid(), List.of()));
            int want = d.getSpec().getReplicas();
            while (owned.size() < want) {
                owned.add(client.resource(podFrom(d, d.getMetadata().getName() + String.format("-%03d", ++podNumber)))
                        .create());
            }
            owned.sort(Comparator.comparing(PlayedControllers::deletionCost)
                    .thenComparing(p -> p.getMetadata().getName(), Comparator.reverseOrder()));
            while (owned.size() > want) {
                client.resource(owned.remove(0)).delete();
            }
            for (Pod pod : owned) {
                if (!KubernetesCluster.ready().test(pod)) {
                    client.resource(withReady(pod, true)).updateStatus();
                }
            }
            if (d.getStatus() == null || !Integer.valueOf(owned.size()).equals(d.getStatus().getReadyReplicas())) {
                client.resource(new DeploymentBuilder(d).withNewStatus().withReplicas(owned.size())
                        .withReadyReplicas(owned.size()).endStatus().build()).updateStatus();
            }
        }
    }

    private static int deletionCost(Pod pod) {
        Map<String, String> annotations = pod.getMetadata().getAnnotations();
        return annotations == null ? 0 : Integer.parseInt(annotations.getOrDefault(LabDeployment.DELETION_COST, "0"));
    }

    private Pod podFrom(Deployment d, String name) {
        return new PodBuilder()
                .withNewMetadata().withName(name).withNamespace(namespace)
                .withLabels(d.getSpec().getTemplate().getMetadata().getLabels())
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("Deployment")
                        .withName(d.getMetadata().getName()).withUid(d.getMetadata().getUid()).build())
                .endMetadata()
                .withSpec(d.getSpec().getTemplate().getSpec())
                .build();
    }

    private void reconcileStatefulSet(List<Pod> pods) {
        StatefulSet set = client.apps().statefulSets().inNamespace(namespace).withName(ClusterManifests.NACOS).get();
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

    private Pod withReady(Pod pod, boolean ready) {
        return new PodBuilder(pod).withNewStatus().withPhase("Running").withPodIP("10.244.0." + (++ipNumber % 250 + 1))
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
