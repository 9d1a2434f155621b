package io.upgradelab.runner.backend;

/**
 * The cluster under test as it starts.
 *
 * @param backend    where the nodes run; {@code local} (real Nacos processes on 127.0.0.1) is the embedded default
 * @param version    the Nacos server version every node starts with
 * @param nodes      1 (standalone) or 3 and more (a cluster); for {@code external}, default the number of addresses
 * @param firstPort  HTTP port of node 1 (node n: +10 per node); 0 picks the first free block from 8848
 * @param serverHeap each node's maximum heap, e.g. {@code 1g}
 * @param external       the {@code external} backend's cluster; null for other backends
 * @param kubernetes     the {@code kubernetes} backend's settings; null for defaults
 * @param testcontainers the {@code testcontainers} backend's settings; null for defaults
 */
public record Target(String backend, String version, int nodes, int firstPort, String serverHeap,
                     ExternalTarget external, KubernetesTarget kubernetes, ContainersTarget testcontainers) {

    public Target {
        backend = backend == null ? "local" : backend;
        nodes = nodes != 0 ? nodes : external != null && !external.addresses().isEmpty() ? external.addresses().size() : 3;
        serverHeap = serverHeap == null ? "1g" : serverHeap;
        kubernetes = kubernetes == null ? new KubernetesTarget(null, null, null, null) : kubernetes;
        testcontainers = testcontainers == null ? new ContainersTarget(null) : testcontainers;
    }
}
