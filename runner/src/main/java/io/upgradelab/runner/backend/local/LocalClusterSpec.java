package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.Durations;
import io.upgradelab.runner.HeapSizes;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.ClientAuth;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How to lay out a cluster of local Nacos processes.
 *
 * @param version          the server version every node starts with
 * @param nodes            1 (standalone) or 3 and more (a cluster with embedded raft storage)
 * @param firstPort        the HTTP port of node 1; node n listens on {@code firstPort + (n-1)*PORT_STEP},
 *                         or, with {@code nodeAddresses}, every node on this port at its own address
 * @param runDirectory     one sub-directory per node ({@code node-1}, ...): home, data, logs
 * @param maxHeap          the nodes' {@code -Xmx}, e.g. {@code 512m}
 * @param startTimeout     how long one node may take from launch to ready, and the cluster to form
 * @param serverProperties extra Nacos/Spring properties written to each node's
 *                         {@code conf/application.properties}
 * @param nodeCpus         each node's CPU limit in cores; null: none
 * @param nodeAddresses    each node's own address (node 1 first), as hosts of their own; empty: every
 *                         node on 127.0.0.1, their ports {@link #PORT_STEP} apart
 * @param clientAuth       which nodes check their clients' credentials ({@link #withClientAuth})
 */
public record LocalClusterSpec(String version, int nodes, int firstPort, Path runDirectory, String maxHeap,
                               Duration startTimeout, Map<String, String> serverProperties, Double nodeCpus,
                               List<String> nodeAddresses, ClientAuth clientAuth) {

    /** Ten apart, so no node's HTTP, gRPC (+1000, +1001) or raft (-1000) port meets another's. */
    public static final int PORT_STEP = 10;
    public static final int DEFAULT_FIRST_PORT = 8848;
    /** Where nodes run unless they have addresses of their own. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** As an experiment's target.nodes allows. */
    public static final int MAX_NODES = 99;
    public static final String DEFAULT_MAX_HEAP = "512m";
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(3);
    /** The user a new Nacos database holds (embedded Derby or raft storage alike). */
    public static final NacosCredentials DEFAULT_USER = new NacosCredentials("nacos", "nacos");
    private static final String AUTH_ENABLED = "nacos.core.auth.enabled";
    /** Nacos's own access log pattern, with the request's path where it has the whole request line. */
    static final String ACCESS_LOG_PATTERN = "%h %l %u %t \"%m %U %H\" %s %b %D %{User-Agent}i %{Request-Source}i";

    public LocalClusterSpec {
        serverProperties = Map.copyOf(new LinkedHashMap<>(serverProperties));
        nodeAddresses = nodeAddresses == null ? List.of() : List.copyOf(nodeAddresses);
        clientAuth = clientAuth == null ? ClientAuth.OFF : clientAuth;
        if (!nodeAddresses.isEmpty() && nodeAddresses.size() != nodes) {
            throw LabException.invalidInput(nodeAddresses.size() + " node addresses for " + nodes + " nodes: one per node");
        }
        if (nodes < 1 || nodes == 2 || nodes > MAX_NODES) {
            throw LabException.invalidInput("--nodes " + nodes + ": use 1 for a standalone server, or 3 to " + MAX_NODES
                    + " for a cluster (raft needs a majority that survives one node down)");
        }
        HeapSizes.problem(maxHeap).ifPresent(problem -> {
            throw LabException.invalidInput("--heap: " + problem);
        });
        if (startTimeout.compareTo(Duration.ofSeconds(1)) < 0 || startTimeout.compareTo(Durations.MAX) > 0) {
            throw LabException.invalidInput("--start-timeout " + Durations.text(startTimeout) + ": from 1s to "
                    + Durations.text(Durations.MAX));
        }
        for (int n = 1; n <= nodes; n++) {
            int node = n;
            NodePorts.problem(httpPort(firstPort, n)).ifPresent(problem -> {
                throw LabException.invalidInput("--port " + firstPort + ": node " + node + ": " + problem);
            });
        }
    }

    /** A cluster whose nodes' CPU is not limited. */
    public LocalClusterSpec(String version, int nodes, int firstPort, Path runDirectory, String maxHeap,
                            Duration startTimeout, Map<String, String> serverProperties) {
        this(version, nodes, firstPort, runDirectory, maxHeap, startTimeout, serverProperties, null, List.of(),
                ClientAuth.OFF);
    }

    /** The same cluster with each node limited to {@code cores} (null: unlimited); see {@link CpuLimit}. */
    public LocalClusterSpec withNodeCpus(Double cores) {
        return new LocalClusterSpec(version, nodes, firstPort, runDirectory, maxHeap, startTimeout, serverProperties,
                cores, nodeAddresses, clientAuth);
    }

    /** The same cluster with node n at {@code addresses[n-1]}, every node at the first port, as separate hosts would be. */
    public LocalClusterSpec withNodeAddresses(List<String> addresses) {
        return new LocalClusterSpec(version, nodes, firstPort, runDirectory, maxHeap, startTimeout, serverProperties,
                nodeCpus, addresses, clientAuth);
    }

    /** The defaults for {@code version} on {@code nodes} nodes in {@code runDirectory}. */
    public static LocalClusterSpec of(String version, int nodes, Path runDirectory) {
        return new LocalClusterSpec(version, nodes, DEFAULT_FIRST_PORT, runDirectory, DEFAULT_MAX_HEAP,
                DEFAULT_START_TIMEOUT, Map.of());
    }

    public LocalClusterSpec withFirstPort(int port) {
        return new LocalClusterSpec(version, nodes, port, runDirectory, maxHeap, startTimeout, serverProperties, nodeCpus,
                nodeAddresses, clientAuth);
    }

    public LocalClusterSpec withServerProperties(Map<String, String> properties) {
        return new LocalClusterSpec(version, nodes, firstPort, runDirectory, maxHeap, startTimeout, properties, nodeCpus,
                nodeAddresses, clientAuth);
    }

    /**
     * The same cluster with Nacos auth on, as a staging registry often has it: every open-API call
     * then needs a token, which the lab's own calls get by logging in as {@link #DEFAULT_USER}. The
     * peers recognise each other by an identity header rather than by their User-Agent; the
     * cluster makes that header and its token signing key when it starts ({@link NodeAuthKeys}).
     */
    public LocalClusterSpec withAuth() {
        return withClientAuth(ClientAuth.EVERY_NODE);
    }

    /**
     * The same cluster with {@code clientAuth}'s nodes checking their clients: {@code
     * nacos.core.auth.enabled} in every node's properties for {@link ClientAuth#EVERY_NODE}, on the
     * command line of the 3.x nodes only for {@link ClientAuth#THREE_X_NODES} (a 2.x node reading it
     * would check every API). With either, the nodes' access logs leave out query strings, where 1.x
     * clients put their tokens, and their auth logs the DEBUG lines that carry a token.
     */
    public LocalClusterSpec withClientAuth(ClientAuth clientAuth) {
        Map<String, String> properties = new LinkedHashMap<>(serverProperties);
        if (clientAuth == ClientAuth.EVERY_NODE) {
            properties.put(AUTH_ENABLED, "true");
        }
        if (clientAuth != ClientAuth.OFF) {
            properties.put("nacos.core.auth.enable.userAgentAuthWhite", "false");
            // the token signing key and the peers' identity are made per cluster and given to the nodes
            // in their environment, never here (NodeAuthKeys)
            // the access log without query strings (%U, not %r): nacos-client 1.x sends its token as the
            // accessToken parameter, and the log is in the run directory
            properties.put("server.tomcat.accesslog.pattern", ACCESS_LOG_PATTERN);
            // 1.4.1 and 2.0.4 log each authorised call at DEBUG (their default for this logger) with the
            // user, whose toString holds the token (NacosAuthManager.auth, NacosUser): core-auth.log
            properties.put("logging.level.com.alibaba.nacos.core.auth", "info");
        }
        return new LocalClusterSpec(version, nodes, firstPort, runDirectory, maxHeap, startTimeout, properties, nodeCpus,
                nodeAddresses, clientAuth);
    }

    /** The command-line property a node of {@code version} needs for {@link #clientAuth}; empty when none. */
    Optional<String> clientAuthProperty(String version) {
        return clientAuth == ClientAuth.THREE_X_NODES && NacosVersions.isThreeX(version)
                ? Optional.of("-D" + AUTH_ENABLED + "=true") : Optional.empty();
    }

    /**
     * The user the lab's own calls and clients log in as when nodes check clients: {@link
     * #DEFAULT_USER}, which a database laid out by 2.3 or older holds; a cluster that starts on 3.x
     * makes its own ({@link LocalCluster#credentials()}). Empty without client auth.
     */
    public Optional<NacosCredentials> credentials() {
        boolean checked = clientAuth != ClientAuth.OFF || "true".equals(serverProperties.get(AUTH_ENABLED));   // or --property
        return checked ? Optional.of(DEFAULT_USER) : Optional.empty();
    }

    /**
     * The lowest first port at or above {@code from}, in steps of 100, whose every derived port
     * (HTTP, gRPC, raft of all {@code nodes}) nothing listens on now.
     */
    public static int firstFreePort(int nodes, int from) {
        ListeningSockets listening = ListeningSockets.read();
        for (int first = from; httpPort(first, nodes) + NodePorts.GRPC_CLUSTER_OFFSET <= 65535; first += 100) {
            if (takenPort(first, nodes, listening).isEmpty()) {
                return first;
            }
        }
        throw LabException.invalidInput("no free ports for " + nodes + " node(s) from " + from + " up");
    }

    /** The first port of this layout that something already listens on, said as a person needs it. */
    public Optional<String> takenPort(ListeningSockets listening) {
        if (nodeAddresses.isEmpty()) {
            return takenPort(firstPort, nodes, listening);
        }
        for (int n = 1; n <= nodes; n++) {
            for (Map.Entry<Integer, String> port : portsOf(n).byPurpose().entrySet()) {
                if (listening.isTaken(hostOf(n), port.getKey())) {
                    return Optional.of(hostOf(n) + ":" + port.getKey() + " (" + port.getValue() + " of node " + n + ")");
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> takenPort(int firstPort, int nodes, ListeningSockets listening) {
        for (int n = 1; n <= nodes; n++) {
            for (Map.Entry<Integer, String> port : new NodePorts(httpPort(firstPort, n)).byPurpose().entrySet()) {
                if (listening.isTaken(port.getKey())) {
                    return Optional.of("port " + port.getKey() + " (" + port.getValue() + " of node " + n + ")");
                }
            }
        }
        return Optional.empty();
    }

    public boolean standalone() {
        return nodes == 1;
    }

    /**
     * Whether the nodes keep their config data in an external MySQL database rather than their embedded
     * store: Nacos itself decides by this property ({@code spring.datasource.platform=mysql}). Then a
     * cluster runs without {@code -DembeddedStorage} and has no config raft group.
     */
    public boolean externalStorage() {
        return "mysql".equals(serverProperties.get("spring.datasource.platform"));
    }

    public NodePorts portsOf(int node) {
        return new NodePorts(nodeAddresses.isEmpty() ? httpPort(firstPort, node) : firstPort);
    }

    /** Node {@code node}'s own address (from 1): 127.0.0.1 unless the nodes have addresses of their own. */
    public String hostOf(int node) {
        return nodeAddresses.isEmpty() ? DEFAULT_HOST : nodeAddresses.get(node - 1);
    }

    /** Node {@code node}'s HTTP address, {@code host:port}, as members and clients name it. */
    public String addressOf(int node) {
        return hostOf(node) + ":" + portsOf(node).http();
    }

    /** The HTTP port of node {@code node} (from 1) when node 1 listens on {@code firstPort}: local and container nodes alike. */
    public static int httpPort(int firstPort, int node) {
        return firstPort + (node - 1) * PORT_STEP;
    }
}
