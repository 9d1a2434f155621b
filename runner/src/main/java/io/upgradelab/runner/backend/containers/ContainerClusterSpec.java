package io.upgradelab.runner.backend.containers;

import io.upgradelab.runner.HeapSizes;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NacosImages;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.NodePorts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How to lay out a cluster of Nacos containers: the same host ports as the local backend
 * ({@link LocalClusterSpec#PORT_STEP} apart, gRPC at +1000 and +1001), the environment the
 * official image's start script reads, and one data volume per node.
 *
 * @param repository   the image without its tag, e.g. {@code nacos/nacos-server}
 * @param version      the server version every node starts with
 * @param nodes        1 (standalone) or 3 and more (a cluster with embedded raft storage)
 * @param firstPort    the host HTTP port of node 1
 * @param maxHeap      each node's heap, e.g. {@code 1g}
 * @param runDirectory one sub-directory per node ({@code node-1}, ...) for its console log
 * @param startTimeout how long one container may take from its start to ready, and the cluster to form
 * @param runId        names this cluster's volumes apart from every other run's on the same engine
 */
public record ContainerClusterSpec(String repository, String version, int nodes, int firstPort, String maxHeap,
                                   Path runDirectory, Duration startTimeout, String runId) {

    /** Inside every container: the ports of the official image's server (gRPC from 2.x on). */
    static final int HTTP = 8848;
    static final int GRPC_CLIENT = HTTP + NodePorts.GRPC_CLIENT_OFFSET;
    static final int GRPC_CLUSTER = HTTP + NodePorts.GRPC_CLUSTER_OFFSET;
    /** Where the official image keeps derby, raft and naming data. */
    static final String DATA_PATH = "/home/nacos/data";

    public ContainerClusterSpec {
        if (nodes < 1 || nodes == 2) {
            throw LabException.invalidInput("target.nodes " + nodes + ": use 1 for a standalone server, or 3 or more"
                    + " for a cluster (raft needs a majority that survives one node down)");
        }
        HeapSizes.problem(maxHeap).ifPresent(problem -> {
            throw LabException.invalidInput("target.serverHeap: " + problem);
        });
        for (int n = 1; n <= nodes; n++) {
            int node = n;
            NodePorts.problem(LocalClusterSpec.httpPort(firstPort, n)).ifPresent(problem -> {
                throw LabException.invalidInput("target.firstPort " + firstPort + ": node " + node + ": " + problem);
            });
        }
    }

    public boolean standalone() {
        return nodes == 1;
    }

    /** The node's name on the cluster's network, its host name and its member address before {@code :8848}. */
    public static String alias(int node) {
        return "nacos-" + node;
    }

    /** The node's ports on the host; a 2.x client dials HTTP+1000, so the offsets hold on the host too. */
    public NodePorts hostPorts(int node) {
        return new NodePorts(LocalClusterSpec.httpPort(firstPort, node));
    }

    /** The container of node {@code node} running {@code nodeVersion}. */
    public NodeContainerDefinition node(int node, String nodeVersion) {
        return new NodeContainerDefinition(node, alias(node), NacosImages.of(repository, nodeVersion),
                environment(), hostPorts(node), dataVolume(node));
    }

    /** The named volume that keeps a node's data from one container (version) to the next. */
    public String dataVolume(int node) {
        return "upgrade-lab-" + runId + "-" + alias(node) + "-data";
    }

    public Path consoleLog(int node) {
        return runDirectory.resolve("node-" + node).resolve("console.log");
    }

    /**
     * The variables the official image's {@code docker-startup.sh} turns into the command line: mode,
     * members by host name (the network aliases), embedded storage for a cluster, and the heap.
     */
    Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PREFER_HOST_MODE", "hostname");
        if (standalone()) {
            env.put("MODE", "standalone");
        } else {
            env.put("MODE", "cluster");
            env.put("EMBEDDED_STORAGE", "embedded");
            env.put("NACOS_SERVERS", IntStream.rangeClosed(1, nodes).mapToObj(n -> alias(n) + ":" + HTTP)
                    .collect(Collectors.joining(" ")));
        }
        env.put("JVM_XMS", maxHeap);
        env.put("JVM_XMX", maxHeap);
        env.put("JVM_XMN", youngGeneration(maxHeap));
        return env;
    }

    /**
     * Half the heap, in MiB: the image's own default {@code JVM_XMN} (1g in 1.4.1) does not fit in a
     * smaller heap, and the 2.x image's defaults are this ratio (1g heap, 512m young).
     */
    static String youngGeneration(String heap) {
        return Math.max(1, HeapSizes.bytes(heap) / 2 >> 20) + "m";
    }
}
