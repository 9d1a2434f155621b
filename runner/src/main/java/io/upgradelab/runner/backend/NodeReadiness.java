package io.upgradelab.runner.backend;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.nacos.ClusterFormation;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import io.upgradelab.runner.nacos.ServiceSummary;
import io.upgradelab.runner.nacos.UpgradePath;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * When a cluster may be used again after a node came up, whichever backend brought it up.
 *
 * <p>"Up" is each backend's own (a process that logged its start, a healthy container, a Ready
 * pod), but none of those says the cluster can serve: a node answers its health check long before
 * its peers list it, and members can agree while a node still forwards registrations to a peer that
 * refuses them (alibaba/nacos #12070). A rolling upgrade that goes on earlier measures the lab, not
 * Nacos, and a backend that waits less than another makes the same experiment judge differently.
 * So every backend that starts, restarts or upgrades nodes waits here, on the same three signals,
 * and fails the same way:
 *
 * <ol>
 *   <li>the cluster formed: every running node lists every running node UP at the version it runs,
 *       and knows the config raft leader ({@link ClusterFormation#membersProblem});</li>
 *   <li>the versions' own signal: once {@link UpgradePath#twoXModeDue} says so, every node serves
 *       in 2.x mode ({@link ClusterFormation#twoXModeProblem}). It is polled with the first, and
 *       either failing at the deadline is a {@link ClusterNotFormed};</li>
 *   <li>registrations accepted: canary instances registered and deregistered through every running
 *       node, over service names spread over every node's share; else {@link RegistrationsRefused}.
 *       Their services are deleted afterwards.</li>
 * </ol>
 *
 * <p>The step after which a 1.x cluster leaves its 1.x-compatible mode ({@link
 * UpgradePath#endsCompatibilityMode}) is given {@link #SWITCH_TO_TWO_X} more.
 */
public final class NodeReadiness {

    /** Where the readiness canaries register: a group of their own, apart from every experiment's services. */
    public static final String CANARY_GROUP = "UPGRADE_LAB_READINESS";
    /**
     * Beyond the start timeout, for the step after which every node runs 2.x: Nacos 2.0.4 switches to
     * 2.x mode (upgraded=true) only once every node's v1 and v2 models agree: ~20 s after the last
     * node here, but over 3 minutes while a v1 model holds empty services (auto-cleaned 170 s after
     * the responsible node started).
     */
    public static final Duration SWITCH_TO_TWO_X = Duration.ofMinutes(5);
    /** Canary services per node: enough names that every node is responsible for some. */
    static final int CANARIES_PER_NODE = 4;
    /** The canaries' address: never called, and deregistered at once. */
    static final String CANARY_IP = "127.0.0.1";
    static final int CANARY_PORT = 1;
    /** How long readiness waits for the canary services to be deleted before it goes on without. */
    private static final Duration CANARY_REMOVAL = Duration.ofSeconds(30);

    /**
     * One running node, as readiness asks it: the formation check's questions, and the canaries'
     * registrations. {@link #of} answers them over the node's open API; a test answers from memory.
     */
    public interface Node extends ClusterFormation.Node {

        /** Registers a canary instance (127.0.0.1:1, never called) of {@code service} in {@link NodeReadiness#CANARY_GROUP}. */
        void registerCanary(String service);

        /** Deregisters what {@link #registerCanary} registered. */
        void deregisterCanary(String service);

        /** The services of {@link NodeReadiness#CANARY_GROUP} this node lists. */
        List<String> canaryServices();

        /** Deletes {@code service} of {@link NodeReadiness#CANARY_GROUP}; refused while the node still holds an instance of it. */
        void deleteCanaryService(String service);

        /** The node as its open API answers. */
        static Node of(String name, String memberAddress, String version, NacosApi api) {
            return new ApiNode(new ClusterFormation.Member(name, api, memberAddress, version));
        }
    }

    /**
     * All that readiness needs to know of a backend beyond its nodes: the backends differ only in
     * these, so the wait itself holds nothing of any backend.
     *
     * @param standalone a single standalone server: no peers, no raft group
     * @param configRaft whether configs live in the nodes' embedded raft storage (false with
     *                   {@code target.local.storage: mysql})
     * @param logFile    the log a person should open when readiness fails; null where the lab has none
     * @param poll       how often the nodes are asked again
     */
    public record Shape(boolean standalone, boolean configRaft, Path logFile, Duration poll) {

        public Shape {
            Objects.requireNonNull(poll, "poll");
        }
    }

    private final Supplier<List<Node>> running;
    private final Shape shape;
    private final Consumer<String> progress;

    /**
     * @param running the nodes running now, asked again for each check (a node may die while readiness waits)
     * @param progress receives what a person should know while it waits
     */
    public NodeReadiness(Supplier<List<Node>> running, Shape shape, Consumer<String> progress) {
        this.running = running;
        this.shape = shape;
        this.progress = progress;
    }

    /**
     * Waits until the cluster is ready after a start or a restart on the same versions: formed, in
     * 2.x mode where that is due, accepting registrations.
     *
     * @throws ClusterNotFormed     when the members do not agree, or a node stays in 1.x-compatible mode, within {@code timeout}
     * @throws RegistrationsRefused when the cluster formed but a node still refuses registrations at the deadline
     */
    public void await(Duration timeout) {
        await(Deadline.after(timeout), true);
    }

    /**
     * Waits until the cluster is ready after the step {@code path}, which left the cluster's nodes on
     * {@code versionsAfter}: as {@link #await(Duration)}, with {@link #SWITCH_TO_TWO_X} more when the
     * step starts the switch to 2.x mode and the caller does not wait for that switch itself.
     *
     * @param awaitTwoXMode false when the caller waits for 2.x mode on its own terms (see
     *                      {@link Backend#upgradeNode(int, String, boolean)}): a cluster still in
     *                      1.x-compatible mode then counts as ready
     */
    public void awaitUpgrade(UpgradePath path, Collection<String> versionsAfter, Duration timeout, boolean awaitTwoXMode) {
        if (awaitsSwitch(path, versionsAfter, awaitTwoXMode)) {
            progress.accept("every node runs 2.x: waiting for the cluster to leave 1.x-compatible mode (upgraded=true)");
        }
        await(Deadline.after(upgradeTimeout(path, versionsAfter, timeout, awaitTwoXMode)), awaitTwoXMode);
    }

    /** The time {@link #awaitUpgrade} gives the cluster. */
    static Duration upgradeTimeout(UpgradePath path, Collection<String> versionsAfter, Duration timeout,
                                   boolean awaitTwoXMode) {
        return awaitsSwitch(path, versionsAfter, awaitTwoXMode) ? timeout.plus(SWITCH_TO_TWO_X) : timeout;
    }

    private static boolean awaitsSwitch(UpgradePath path, Collection<String> versionsAfter, boolean awaitTwoXMode) {
        return awaitTwoXMode && path.endsCompatibilityMode(versionsAfter);
    }

    private void await(Deadline deadline, boolean awaitTwoXMode) {
        String formation = awaitNoProblem(() -> formationProblem(awaitTwoXMode), deadline);
        if (!formation.isEmpty()) {
            throw new ClusterNotFormed("the cluster did not form " + deadline.describe() + ": " + formation,
                    shape.logFile());
        }
        String registration = awaitNoProblem(this::registrationProblem, deadline);
        removeCanaryServices();
        if (!registration.isEmpty()) {
            throw new RegistrationsRefused("the cluster does not accept registrations " + deadline.describe() + ": "
                    + registration, shape.logFile());
        }
    }

    /** Why the cluster has not formed yet, or "" when it has; 2.x mode only when awaited and due. */
    private String formationProblem(boolean awaitTwoXMode) {
        List<Node> nodes = running.get();
        String members = ClusterFormation.membersProblem(nodes, shape.standalone(), shape.configRaft());
        return !members.isEmpty() || !awaitTwoXMode ? members : ClusterFormation.twoXModeProblem(nodes);
    }

    /** Polls {@code problem} until it answers "" (no problem left) or the deadline passes; returns its last answer. */
    private String awaitNoProblem(Supplier<String> problem, Deadline deadline) {
        String p = problem.get();
        while (!p.isEmpty() && !deadline.hasPassed()) {
            deadline.awaitNextPoll(shape.poll());
            p = problem.get();
        }
        return p;
    }

    /**
     * Whether every running node accepts registrations, or why not ("" when they all do).
     *
     * <p>Members can agree while their distro views do not yet: a node then forwards a registration
     * to the peer it believes responsible, which refuses it ("receive invalid redirect request from
     * peer"). So the last readiness signal is the thing itself: canary instances registered through
     * every node, for service names spread over every node's share, then deregistered.
     */
    private String registrationProblem() {
        List<Node> nodes = running.get();
        for (Node node : nodes) {
            for (int k = 0; k < CANARIES_PER_NODE * nodes.size(); k++) {
                String service = canaryService(k);
                try {
                    node.registerCanary(service);
                    node.deregisterCanary(service);
                } catch (NacosApi.ApiGone e) {   // an answer waiting will not change: no more polls
                    removeCanaryServices();
                    throw new RegistrationsRefused("the cluster refuses registrations: " + node.name()
                            + " refuses registrations over HTTP: " + e.getMessage() + " (a node forwards such a"
                            + " registration to the node responsible for its service, and a 3.x node without its v1"
                            + " API answers 410: HTTP clients such as nacos-client 1.x cannot register through this"
                            + " cluster while it is mixed)", shape.logFile());
                } catch (NacosApiException e) {
                    return node.name() + " does not accept registrations yet: " + e.getMessage();
                }
            }
        }
        return "";
    }

    static String canaryService(int k) {
        return "upgrade-lab.readiness." + k;
    }

    /**
     * Deletes the readiness canaries' services until no running node lists one. Left empty, each
     * would hold back a 2.0.4 cluster's upgraded=true until the v1 auto-clean deletes it, 170 s
     * after the responsible node started (its v2 model does not count empty services); a node
     * refuses the delete while its own copy of the service still has the deregistered instance.
     */
    private void removeCanaryServices() {
        Deadline deadline = Deadline.after(CANARY_REMOVAL);
        String left = deleteCanaryServices();
        while (!left.isEmpty() && !deadline.hasPassed()) {
            deadline.awaitNextPoll(shape.poll());
            left = deleteCanaryServices();
        }
        if (!left.isEmpty()) {
            progress.accept("readiness canary services still listed " + deadline.describe() + ": " + left
                    + "; a 2.x cluster's upgraded=true waits for their auto-clean (about 3 minutes)");
        }
    }

    /** Asks each running node to delete the canary services it lists; names them, or "" when none is left. */
    private String deleteCanaryServices() {
        Set<String> left = new TreeSet<>();
        for (Node node : running.get()) {
            try {
                for (String service : node.canaryServices()) {
                    left.add(service);
                    try {
                        node.deleteCanaryService(service);
                    } catch (NacosApiException e) {
                        // this node still sees the instance: asked again on the next poll
                    }
                }
            } catch (NacosApiException e) {
                left.add(node.name() + " (no catalog: " + e.getMessage() + ")");
            }
        }
        return String.join(", ", left);
    }

    /** A node asked over its open API. */
    private record ApiNode(ClusterFormation.Member member) implements Node {

        @Override
        public String name() {
            return member.name();
        }

        @Override
        public String memberAddress() {
            return member.memberAddress();
        }

        @Override
        public String version() {
            return member.version();
        }

        @Override
        public List<ClusterMember> members() {
            return member.members();
        }

        @Override
        public boolean servesIn2xMode() {
            return member.servesIn2xMode();
        }

        @Override
        public void registerCanary(String service) {
            member.api().registerInstance(service, CANARY_GROUP, CANARY_IP, CANARY_PORT);
        }

        @Override
        public void deregisterCanary(String service) {
            member.api().deregisterInstance(service, CANARY_GROUP, CANARY_IP, CANARY_PORT);
        }

        @Override
        public List<String> canaryServices() {
            return member.api().servicesIn(CANARY_GROUP).stream().map(ServiceSummary::name).toList();
        }

        @Override
        public void deleteCanaryService(String service) {
            member.api().deleteService(service, CANARY_GROUP);
        }
    }
}
