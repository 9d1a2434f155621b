package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * One kind of the load's Deployments (the fleet's, the demo providers'), one per client version, in
 * the order they were made. Why a class: a client upgrade makes the new version's Deployment while
 * observers read them all, and a workload's close must delete every one it made; both kinds do it
 * alike. Reads are copies, so a reader never sees the map change under it.
 */
final class ClientDeployments {

    private final KubernetesWorkloads workloads;
    /** The Deployment of a client version with a number of replicas, as {@link ClusterManifests} renders it. */
    private final BiFunction<String, Integer, Deployment> manifest;
    private final Consumer<String> progress;
    private final Map<String, LabDeployment> byClient = new LinkedHashMap<>();

    ClientDeployments(KubernetesWorkloads workloads, BiFunction<String, Integer, Deployment> manifest,
                      Consumer<String> progress) {
        this.workloads = workloads;
        this.manifest = manifest;
        this.progress = progress;
    }

    /** {@code client}'s Deployment, made with {@code replicas} (once Ready) when there is none yet. */
    synchronized LabDeployment of(String client, int replicas) {
        return byClient.computeIfAbsent(client, c -> workloads.create(manifest.apply(c, replicas), progress));
    }

    /** {@code client}'s Deployment, which must have been made. */
    synchronized LabDeployment existing(String client) {
        LabDeployment deployment = byClient.get(client);
        if (deployment == null) {
            throw new IllegalStateException("no Deployment for client " + client);
        }
        return deployment;
    }

    /** Every client version's Deployment now, in the order they were made. */
    synchronized Map<String, LabDeployment> all() {
        return new LinkedHashMap<>(byClient);
    }

    /** Deletes every one of them (each pod's process deregisters on SIGTERM); the first failure thrown after. */
    void close() {
        List<LabDeployment> made;
        synchronized (this) {
            made = List.copyOf(byClient.values());
            byClient.clear();
        }
        workloads.delete(made);
    }
}
