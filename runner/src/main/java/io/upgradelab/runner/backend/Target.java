package io.upgradelab.runner.backend;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param servers        Nacos servers the experiment brings (backend {@code local}): version to
 *                       archive or folder, as written until {@link #withServersFrom} resolves them
 * @param storage        where the nodes keep config data: {@code embedded} (the default) or {@code mysql}
 *                       (a lab-managed local MariaDB, backend {@code local} only)
 * @param nodeCpus       each node's CPU limit in cores (backend {@code local}: a cgroup per node); null: none
 * @param nodeAddresses  backend {@code local}: each node's own address, all at {@code firstPort} (8848 by
 *                       default), as hosts of their own would be; empty: every node on 127.0.0.1, ports apart
 * @param allowRemote    the file's opt-in to addresses off loopback (127.0.0.0/8) anywhere in it
 */
public record Target(String backend, String version, int nodes, int firstPort, String serverHeap,
                     ExternalTarget external, KubernetesTarget kubernetes, ContainersTarget testcontainers,
                     Map<String, String> servers, Storage storage, Double nodeCpus, List<String> nodeAddresses,
                     boolean allowRemote) {

    public Target {
        backend = backend == null ? "local" : backend;
        nodeAddresses = nodeAddresses == null ? List.of() : List.copyOf(nodeAddresses);
        nodes = nodes != 0 ? nodes : external != null && !external.addresses().isEmpty() ? external.addresses().size()
                : !nodeAddresses.isEmpty() ? nodeAddresses.size() : 3;
        serverHeap = serverHeap == null ? "1g" : serverHeap;
        kubernetes = kubernetes == null ? new KubernetesTarget(null, null, null, null) : kubernetes;
        testcontainers = testcontainers == null ? new ContainersTarget(null) : testcontainers;
        servers = servers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(servers));
        storage = storage == null ? Storage.EMBEDDED : storage;
    }

    /**
     * The same target with each of {@link #servers}' paths absolute: a relative one is read from
     * {@code folder}, the experiment file's, so a file and its archives move together.
     */
    public Target withServersFrom(Path folder) {
        Map<String, String> resolved = new LinkedHashMap<>();
        servers.forEach((v, path) -> resolved.put(v, resolved(folder, path)));
        return new Target(backend, version, nodes, firstPort, serverHeap, external, kubernetes, testcontainers, resolved,
                storage, nodeCpus, nodeAddresses, allowRemote);
    }

    /** {@code path} read from {@code folder}; as written when it is no path (reading it says so). */
    private static String resolved(Path folder, String path) {
        try {
            return folder.resolve(path).toAbsolutePath().normalize().toString();
        } catch (InvalidPathException e) {
            return path;
        }
    }
}
