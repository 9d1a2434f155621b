package io.upgradelab.runner.backend.kubernetes;

import io.upgradelab.runner.fleet.DemoProviders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The demo providers as pods of the lab image, a Deployment per client version
 * ({@link ClusterManifests#demoProviders}), a pod each. A restart on another client version moves
 * replicas: the new version's Deployment grows first and its pods export the service (Ready), then
 * the old version's shrinks and its pods deregister as they stop, so the probe always has a provider
 * to call. Which old pod goes is the controller's choice: the demo providers are alike.
 */
final class KubernetesDemoProviders implements DemoProviders {

    private final ClientDeployments deployments;
    private final List<String> versions = new ArrayList<>();

    private KubernetesDemoProviders(KubernetesWorkloads workloads, Consumer<String> progress) {
        this.deployments = new ClientDeployments(workloads,
                (client, count) -> ClusterManifests.demoProviders(workloads.target(), client, count), progress);
    }

    /** {@code count} demo providers on {@code client}, once every pod is Ready (has exported the service). */
    static KubernetesDemoProviders start(KubernetesWorkloads workloads, int count, String client,
                                         Consumer<String> progress) {
        KubernetesDemoProviders demo = new KubernetesDemoProviders(workloads, progress);
        demo.deployments.of(client, count);
        for (int i = 0; i < count; i++) {
            demo.versions.add(client);
        }
        return demo;
    }

    @Override
    public synchronized int size() {
        return versions.size();
    }

    @Override
    public synchronized List<String> clientVersions() {
        return List.copyOf(versions);
    }

    /** The Ready pods of every client version's Deployment, as the API server lists them now. */
    @Override
    public int alive() {
        return deployments.all().values().stream().mapToInt(d -> d.readyPods().size()).sum();
    }

    @Override
    public synchronized void restart(List<Integer> indexes, String client) {
        Map<String, Long> leaving = indexes.stream().map(versions::get).filter(v -> !v.equals(client))
                .collect(Collectors.groupingBy(v -> v, LinkedHashMap::new, Collectors.counting()));
        int moving = leaving.values().stream().mapToInt(Long::intValue).sum();
        if (moving == 0) {
            return;
        }
        LabDeployment next = deployments.of(client, 0);
        next.scaleTo(next.replicas() + moving);
        leaving.forEach((version, count) -> {
            LabDeployment old = deployments.existing(version);
            old.scaleTo(old.replicas() - count.intValue());
        });
        indexes.forEach(i -> versions.set(i, client));
    }

    /** Deletes every demo Deployment: each provider deregisters as its pod stops. */
    @Override
    public synchronized void close() {
        deployments.close();
    }
}
