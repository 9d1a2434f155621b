package io.upgradelab.runner.nacos;

import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether a Nacos cluster has formed, asked of its nodes: every running node lists every running
 * node UP at the version that node really runs (peers learn a new version only from the member's
 * next report); in cluster mode each knows the leader of the config raft group; when all run 2.x,
 * each serves in 2.x mode (a 1.x-compatible node refuses 2.x clients). Every backend that starts
 * or upgrades nodes waits on this one check (through {@code backend.NodeReadiness}, or directly
 * for a cluster the lab did not start), so "up" means the same wherever the nodes run.
 */
public final class ClusterFormation {

    /** The raft group whose leader a formed cluster knows: the config data's (embedded storage). */
    public static final String CONFIG_RAFT_GROUP = "nacos_config";

    /**
     * What the check asks one running node, so that it can be answered over HTTP ({@link Member}) or,
     * where no server runs, from memory.
     */
    public interface Node {

        /** How messages name it, e.g. "node 2 (127.0.0.1:8858, 1.4.1)". */
        String name();

        /** How the member lists name it ({@code 127.0.0.1:8858}, or {@code nacos-2:8848} in hostname mode). */
        String memberAddress();

        /** The version it runs. */
        String version();

        /**
         * The members as this node lists them.
         *
         * @throws NacosApiException when it does not answer
         */
        List<ClusterMember> members();

        /**
         * Whether it serves in 2.x mode ({@link NacosApi#servesIn2xMode}).
         *
         * @throws NacosApiException when it does not answer
         */
        boolean servesIn2xMode();
    }

    /**
     * One running node, asked over its open API.
     *
     * @param name          how messages name it, e.g. "node 2 (127.0.0.1:8858, 1.4.1)"
     * @param memberAddress how the member lists name it ({@code 127.0.0.1:8858}, or {@code nacos-2:8848} in hostname mode)
     * @param version       the version it runs
     */
    public record Member(String name, NacosApi api, String memberAddress, String version) implements Node {

        @Override
        public List<ClusterMember> members() {
            return api.members();
        }

        @Override
        public boolean servesIn2xMode() {
            return api.servesIn2xMode(Integer.parseInt(version.substring(0, version.indexOf('.'))));
        }
    }

    private ClusterFormation() {
    }

    /**
     * Why the cluster of {@code running} has not formed yet, or "" when it has: the members agree
     * ({@link #membersProblem}) and, when the versions make it due, every node serves in 2.x mode
     * ({@link #twoXModeProblem}).
     *
     * @param standalone a single standalone server: it may name itself otherwise in its member list, and has no raft group
     */
    public static String problem(List<? extends Node> running, boolean standalone) {
        String members = membersProblem(running, standalone, true);
        return members.isEmpty() ? twoXModeProblem(running) : members;
    }

    /**
     * Why the members of {@code running} do not agree yet, or "" when they do: every node lists every
     * node UP at its version and, in cluster mode with {@code configRaft}, knows the config raft
     * group's leader.
     *
     * @param standalone a single standalone server: it may name itself otherwise in its member list, and has no raft group
     * @param configRaft false with configs in an external database ({@code target.local.storage: mysql}): no
     *                   config raft group to have a leader
     */
    public static String membersProblem(List<? extends Node> running, boolean standalone, boolean configRaft) {
        Map<String, String> expected = new TreeMap<>();   // member address -> the version running there
        running.forEach(n -> expected.put(n.memberAddress(), n.version()));
        for (Node node : running) {
            Map<String, ClusterMember> seen = new TreeMap<>();
            try {
                node.members().forEach(m -> seen.put(standalone ? node.memberAddress() : m.address(), m));
            } catch (NacosApiException e) {
                return node.name() + " does not answer: " + e.getMessage();
            }
            String disagreement = disagreement(node, expected, seen);
            if (!disagreement.isEmpty()) {
                return disagreement;
            }
            if (!standalone && configRaft && seen.get(node.memberAddress()).raftLeaders().getOrDefault(CONFIG_RAFT_GROUP, "").isEmpty()) {
                return node.name() + " has no leader for raft group " + CONFIG_RAFT_GROUP
                        + " (\"did not find the Leader\" in its logs means the election failed)";
            }
        }
        return "";
    }

    /**
     * The first node of {@code running} still in 1.x-compatible mode although the versions make 2.x
     * mode due ({@link UpgradePath#twoXModeDue}), or "": such a node refuses 2.x clients. Nodes are
     * not asked while it is not due.
     */
    public static String twoXModeProblem(List<? extends Node> running) {
        if (!UpgradePath.twoXModeDue(running.stream().map(Node::version).toList())) {
            return "";
        }
        for (Node node : running) {
            try {
                if (!node.servesIn2xMode()) {
                    return node.name() + " still serves in 1.x-compatible mode (upgraded=false): it would refuse 2.x clients";
                }
            } catch (NacosApiException e) {
                return node.name() + " does not answer: " + e.getMessage();
            }
        }
        return "";
    }

    /**
     * Whether a node running {@code observer} sees a member's version as it should: {@code real}; or,
     * when the member runs a newer 2.x, any version. Why: a 2.3 node reports itself to its peers over
     * gRPC, which a 2.0 peer does not handle ("failed to report new info to target node by grpc ...
     * RequestHandler Not Found" in the newer node's nacos-cluster.log), so the older peer keeps the
     * member's old version until it is upgraded too; UP there means its own reports reach the member.
     */
    static boolean seesVersion(String observer, String seen, String real) {
        return NacosVersions.sameRelease(seen, real) || !NacosVersions.isOneX(observer) && NacosVersions.ORDER.compare(observer, real) < 0;
    }

    /** The first member {@code node} does not see UP at its version, or "". */
    private static String disagreement(Node node, Map<String, String> expected, Map<String, ClusterMember> seen) {
        for (Map.Entry<String, String> member : expected.entrySet()) {
            ClusterMember m = seen.get(member.getKey());
            if (m == null || !m.isUp() || !seesVersion(node.version(), m.version(), member.getValue())) {
                return node.name() + " sees " + member.getKey() + " as " + (m == null ? "absent (it lists "
                        + seen.keySet() + ")" : m.state() + (m.version().isEmpty() ? "" : " " + m.version()))
                        + ", not UP " + member.getValue();
            }
        }
        return "";
    }
}
