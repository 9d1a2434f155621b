package io.upgradelab.runner.backend;

import io.upgradelab.runner.nacos.ClusterFormation;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Nacos nodes answered from memory, as {@link NodeReadiness} asks them, so that readiness can be
 * checked where no server runs. Left alone they are a formed cluster: each lists every running node
 * UP at the version it runs and itself with a config raft leader, serves in 2.x mode, and takes the
 * canaries; a test makes one see a peer otherwise, go without a raft leader, stay in 1.x-compatible
 * mode for some questions, or refuse registrations, and reads what readiness asked of each.
 * A canary service is the cluster's, as in Nacos: registered through any node, listed by all.
 */
public final class InMemoryNodes {

    private final List<Node> running = new CopyOnWriteArrayList<>();
    private final Map<Integer, Node> byNumber = new ConcurrentHashMap<>();
    private final Set<String> canaryServices = ConcurrentHashMap.newKeySet();

    /** Node {@code number} at {@code 127.0.0.1:<8838 + 10 * number>}, running {@code version}. */
    public Node add(int number, String version) {
        Node node = new Node(number, "127.0.0.1:" + (8838 + 10 * number), version);
        byNumber.put(number, node);
        running.add(node);
        return node;
    }

    /** The running nodes, as a backend hands them to readiness. */
    public List<NodeReadiness.Node> running() {
        return List.copyOf(running);
    }

    /**
     * The nodes of {@code statuses}, as a backend that reads them from elsewhere (the pods) hands them:
     * node N keeps its answers from one call to the next, and runs what its status says now.
     */
    public List<NodeReadiness.Node> of(List<NodeStatus> statuses) {
        List<Node> now = new ArrayList<>();
        for (NodeStatus status : statuses) {
            Node node = byNumber.computeIfAbsent(status.number(), n -> new Node(n, status.address(), status.version()));
            node.version = status.version();
            now.add(node);
        }
        running.clear();
        running.addAll(now);
        return List.copyOf(now);
    }

    public Node node(int number) {
        return byNumber.get(number);
    }

    /** The canary services some node still lists. */
    public Set<String> canaryServices() {
        return Set.copyOf(canaryServices);
    }

    /** One node; its questions are counted. */
    public final class Node implements NodeReadiness.Node {

        private final int number;
        private final String address;
        private volatile String version;
        private final Map<String, String> seenAs = new ConcurrentHashMap<>();
        private volatile boolean raftLeader = true;
        private final AtomicInteger compatibleFor = new AtomicInteger();
        private final AtomicInteger refusals = new AtomicInteger();
        private final AtomicInteger modeQuestions = new AtomicInteger();
        private final AtomicInteger registrations = new AtomicInteger();

        private Node(int number, String address, String version) {
            this.number = number;
            this.address = address;
            this.version = version;
        }

        /** Lists {@code peer} in {@code state} (e.g. DOWN) rather than UP. */
        public Node seesAs(Node peer, String state) {
            seenAs.put(peer.address, state);
            return this;
        }

        /** Knows no leader of the config raft group. */
        public Node withoutRaftLeader() {
            raftLeader = false;
            return this;
        }

        /** Answers the next {@code questions} questions for its mode as still 1.x-compatible. */
        public Node compatibleFor(int questions) {
            compatibleFor.set(questions);
            return this;
        }

        private volatile boolean gone;

        /** Refuses the next {@code attempts} registrations, as a node whose distro view disagrees. */
        public Node refusing(int attempts) {
            refusals.set(attempts);
            return this;
        }

        /** Answers every registration 410, as a 2.x node forwarding it to a 3.x node without the v1 API. */
        public Node gone() {
            gone = true;
            return this;
        }

        public int modeQuestions() {
            return modeQuestions.get();
        }

        public int registrations() {
            return registrations.get();
        }

        @Override
        public String name() {
            return "node " + number + " (" + address + ", " + version + ")";
        }

        @Override
        public String memberAddress() {
            return address;
        }

        @Override
        public String version() {
            return version;
        }

        @Override
        public List<ClusterMember> members() {
            List<ClusterMember> members = new ArrayList<>();
            for (Node m : running) {
                int colon = m.address.lastIndexOf(':');
                Map<String, String> leaders = m == this && raftLeader
                        ? Map.of(ClusterFormation.CONFIG_RAFT_GROUP, running.get(0).address) : Map.of();
                members.add(new ClusterMember(m.address, m.address.substring(0, colon),
                        Integer.parseInt(m.address.substring(colon + 1)), seenAs.getOrDefault(m.address, "UP"),
                        m.version, leaders, null));
            }
            return members;
        }

        @Override
        public boolean servesIn2xMode() {
            modeQuestions.incrementAndGet();
            return compatibleFor.getAndUpdate(left -> Math.max(0, left - 1)) == 0;
        }

        @Override
        public void registerCanary(String service) {
            if (gone) {
                registrations.incrementAndGet();
                throw new NacosApi.ApiGone("POST http://" + address + "/nacos/v1/ns/instance answered 410: Current API"
                        + " will be deprecated");
            }
            if (refusals.getAndUpdate(left -> Math.max(0, left - 1)) > 0) {
                throw new NacosApiException("POST http://" + address + "/nacos/v1/ns/instance answered 400:"
                        + " receive invalid redirect request from peer");
            }
            registrations.incrementAndGet();
            canaryServices.add(service);
        }

        @Override
        public void deregisterCanary(String service) {
        }

        @Override
        public List<String> canaryServices() {
            return List.copyOf(canaryServices);
        }

        @Override
        public void deleteCanaryService(String service) {
            canaryServices.remove(service);
        }
    }
}
