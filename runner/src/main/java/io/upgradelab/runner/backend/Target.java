package io.upgradelab.runner.backend;

import java.nio.file.Path;

/**
 * The cluster under test as it starts.
 *
 * @param backend        where the nodes run; {@value #DEFAULT_BACKEND} (real Nacos processes on 127.0.0.1) is the
 *                       embedded default
 * @param version        the Nacos server version every node starts with
 * @param nodes          1 (standalone) or 3 and more (a cluster); default the number of addresses where the
 *                       backend's section lists them ({@code external.addresses}, {@code local.nodeAddresses}), else 3
 * @param firstPort      HTTP port of node 1 (node n: +10 per node); 0 picks the first free block from 8848
 * @param serverHeap     each node's maximum heap, e.g. {@code 1g}
 * @param local          the {@code local} backend's settings; its defaults when the file has none
 * @param external       the {@code external} backend's cluster; null for other backends
 * @param kubernetes     the {@code kubernetes} backend's settings; its defaults when the file has none
 * @param testcontainers the {@code testcontainers} backend's settings; its defaults when the file has none
 * @param allowRemote    the file's opt-in to addresses off loopback (127.0.0.0/8) anywhere in it
 */
public record Target(String backend, String version, int nodes, int firstPort, String serverHeap,
                     LocalTarget local, ExternalTarget external, KubernetesTarget kubernetes,
                     ContainersTarget testcontainers, boolean allowRemote) {

    /** The backend of a file that names none. */
    public static final String DEFAULT_BACKEND = "local";

    public Target {
        backend = backend == null ? DEFAULT_BACKEND : backend;
        local = local == null ? LocalTarget.defaults() : local;
        nodes = nodes != 0 ? nodes : external != null && !external.addresses().isEmpty() ? external.addresses().size()
                : !local.nodeAddresses().isEmpty() ? local.nodeAddresses().size() : 3;
        serverHeap = serverHeap == null ? "1g" : serverHeap;
        kubernetes = kubernetes == null ? KubernetesTarget.defaults() : kubernetes;
        testcontainers = testcontainers == null ? ContainersTarget.defaults() : testcontainers;
    }

    /**
     * The same target as experiment {@code name} runs it: what the kubernetes backend creates is
     * labelled {@code app.kubernetes.io/instance=<name>} ({@link KubernetesTarget#instance}).
     */
    public Target forExperiment(String name) {
        return name == null || name.equals(kubernetes.instance()) ? this : new Target(backend, version, nodes, firstPort,
                serverHeap, local, external, kubernetes.withInstance(name), testcontainers, allowRemote);
    }

    /**
     * The same target with the local backend's brought-in servers read from {@code folder}, the
     * experiment file's ({@link LocalTarget#withServersFrom}).
     */
    public Target withServersFrom(Path folder) {
        return new Target(backend, version, nodes, firstPort, serverHeap, local.withServersFrom(folder), external,
                kubernetes, testcontainers, allowRemote);
    }
}
