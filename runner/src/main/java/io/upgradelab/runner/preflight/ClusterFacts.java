package io.upgradelab.runner.preflight;

import io.upgradelab.journal.StorageMigration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything preflight reads of a live cluster, read once before any check runs, so that each check is
 * plain logic over these facts (tested without a cluster) and the cluster is asked each thing once.
 * What could not be read says why ({@link Read#unavailable}), and a check that needs it says it could not
 * check: an unread source is never taken as a clean one.
 *
 * @param to                  the version the cluster would be upgraded to
 * @param nodes               every node, node 1 first
 * @param clients             the clients the nodes know of, from their client lists and access logs
 * @param namespaceDuplicates configs stored under both namespace {@code ''} and {@code public}, as
 *                            {@code group/dataId}, read from the database
 * @param schemaGap           what the database lacks against {@code to}'s schema
 * @param nodeProperties      each node's {@code application.properties}, by node number
 * @param frontiers           the capacity the lab measured on this kind of machine ({@code upgrade-lab calibrate})
 */
public record ClusterFacts(String to, List<Node> nodes, Read<List<Client>> clients,
                           Read<List<String>> namespaceDuplicates, Read<StorageMigration> schemaGap,
                           Read<Map<Integer, Map<String, String>>> nodeProperties, Read<List<Frontier>> frontiers) {

    public ClusterFacts {
        nodes = List.copyOf(nodes);
    }

    /**
     * One node as it answered.
     *
     * @param version          what it reports, "" when it did not answer
     * @param unready          why it is not ready, when it is not
     * @param leaderlessGroups the raft groups it knows without a leader
     * @param instances        the instances its catalog lists, -1 when it did not answer
     * @param java             the Java version it runs on (e.g. {@code 17.0.13+11}), when known: the JVM the lab
     *                         started it with, or its Prometheus {@code jvm_info}
     */
    public record Node(int number, String address, String version, Optional<String> unready,
                       List<String> leaderlessGroups, int instances, Optional<String> java) {

        public Node {
            leaderlessGroups = List.copyOf(leaderlessGroups);
        }

        public boolean answered() {
            return !version.isEmpty();
        }
    }

    /**
     * One client as the nodes know it: by the address it connects from and the version it reports.
     *
     * @param address     the address it connects from (or reports as its own)
     * @param version     the nacos-client version, e.g. {@code 1.4.1}; "" when nothing says
     * @param protocol    {@code grpc} (2.x and later) or {@code http} (1.x)
     * @param credentials whether its calls carry credentials: a token, or a login from its address; empty when
     *                    nothing the lab reads says
     * @param seenIn      where the lab saw it, e.g. {@code node 1's client list}, {@code node 2's access log}
     */
    public record Client(String address, String version, String protocol, Optional<Boolean> credentials,
                         String seenIn) {
    }

    /**
     * A fact read, or why it could not be.
     *
     * @param unavailable empty when {@code value} was read
     */
    public record Read<T>(Optional<T> value, String unavailable) {

        public static <T> Read<T> of(T value) {
            return new Read<>(Optional.of(value), "");
        }

        public static <T> Read<T> unavailable(String why) {
            return new Read<>(Optional.empty(), why);
        }
    }

    /** The versions the nodes that answered run, node order, each once. */
    public List<String> versions() {
        return nodes.stream().filter(Node::answered).map(Node::version).distinct().toList();
    }

    /** The most instances any node lists. */
    public int instances() {
        return nodes.stream().mapToInt(Node::instances).max().orElse(0);
    }
}
