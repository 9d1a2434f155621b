package io.upgradelab.runner.backend;

import io.upgradelab.journal.ConsoleStarted;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosAuth;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.workload.LocalWorkloads;
import io.upgradelab.runner.workload.Workloads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the lab does to a Nacos cluster, wherever it runs.
 *
 * <p>Phases and faults act on a cluster only through this interface, so one experiment file runs
 * unchanged against local processes, Kubernetes or an existing staging cluster. Nodes are numbered
 * from 1 in the order of the cluster's member list.
 */
public interface Backend extends AutoCloseable {

    /** Every node, in order, with its address, version, process and state. */
    List<NodeStatus> nodes();

    /** Every node's address, as a Nacos client's server list takes them: {@code 127.0.0.1:8848,127.0.0.1:8858}. */
    default String serverAddresses() {
        return String.join(",", nodes().stream().map(NodeStatus::address).toList());
    }

    /**
     * The rolling-upgrade step: stops the node, starts {@code version} on the same data and
     * configuration, and returns once it is up and the cluster sees all members again, including the
     * switch to 2.x mode where it is due.
     */
    default void upgradeNode(int node, String version) {
        upgradeNode(node, version, true);
    }

    /**
     * {@link #upgradeNode(int, String)}, where the caller may wait for the switch to 2.x mode itself
     * ({@code awaitTwoXMode} false): after the last node of a 1.x to 2.x upgrade, the rolling upgrade
     * phase waits for {@code upgraded=true} with its own timeout, and goes on with a warning when
     * Nacos never gets there (alibaba/nacos #5638, #10293), so the run measures what follows. Backends
     * that cannot tell the two apart ignore the flag.
     */
    void upgradeNode(int node, String version, boolean awaitTwoXMode);

    /**
     * Brings the cluster's shared database (when it has one, {@code target.local.storage: mysql}) to
     * {@code version}'s schema before a node of that version starts on it, as Nacos's upgrade notes
     * tell operators: what was added, or empty when the nodes keep their own storage. Idempotent.
     */
    default Optional<StorageMigration> migrateStorage(String version) {
        return Optional.empty();
    }

    /** Stops a node: gracefully (the node deregisters and closes) or as a crash. */
    void stopNode(int node, StopMode mode);

    /** Starts a stopped node again on the version it last ran, and waits until it is up. */
    void startNode(int node);

    /** Freezes a node (SIGSTOP or its equivalent): it holds its sockets but answers nothing. */
    void pauseNode(int node);

    /** Undoes {@link #pauseNode(int)}. */
    void resumeNode(int node);

    /**
     * Disturbs the packets clients send to a node (delay, loss, partition) until
     * {@link #restoreNetwork(int)}. A backend that cannot says so with a FAILED {@link LabException}.
     */
    default void disturbNetwork(int node, NetworkDisturbance disturbance) {
        throw new LabException(LabException.FAILED, getClass().getSimpleName() + " cannot disturb the network");
    }

    /** Undoes {@link #disturbNetwork}; does nothing when the node's network is not disturbed. */
    default void restoreNetwork(int node) {
    }

    /**
     * Starts the cluster's console as a process of its own, as 3.x runs it, once every node runs 3.x;
     * returns once it answers a listing of the nodes, with what it showed. Kept running until {@link #close}.
     */
    default ConsoleStarted startConsole(Duration timeout) {
        throw new LabException(LabException.FAILED, getClass().getSimpleName() + " cannot run a console");
    }

    /** The Nacos user clients must log in as, when the cluster has auth enabled. */
    default Optional<NacosCredentials> credentials() {
        return Optional.empty();
    }

    /**
     * A client of node {@code node}, in the API generation of the version it runs, logged in as
     * {@link #credentials()} when there are any.
     */
    default NacosApi api(int node) {
        NodeStatus status = nodes().get(node - 1);
        return NacosApi.forVersion(status.address(), status.version(), NacosAuth.of(credentials()));
    }

    /**
     * The folder where node {@code node} writes its own logs (naming-server.log, protocol-raft.log, ...),
     * for the failure signs in them; empty where the lab cannot read them (a container's, a remote node's).
     */
    default Optional<Path> logDirectory(int node) {
        return Optional.empty();
    }

    /**
     * The shared config database, for checks that read its rows and schema (preflight); empty where the
     * nodes keep their own store (embedded) or the lab has no account on it.
     */
    default Optional<DatabaseAccess> databaseAccess() {
        return Optional.empty();
    }

    /** The server distribution of {@code version} this cluster would run, where the lab holds it. */
    default Optional<io.upgradelab.runner.nacos.NacosDistribution> distribution(String version) {
        return Optional.empty();
    }

    /** The Java version node {@code node} runs on, where the lab started it and so knows it. */
    default Optional<String> javaVersion(int node) {
        return Optional.empty();
    }

    /** Node {@code node}'s {@code application.properties}, where the lab can read it. */
    default Optional<Path> propertiesFile(int node) {
        return Optional.empty();
    }

    /**
     * Each node's CPU limit in cores, by node number ({@code target.local.nodeCpus}); empty when the nodes
     * are not limited, so that a figure measured under a limit is never read as one without.
     */
    default List<Double> cpuLimits() {
        return List.of();
    }

    /**
     * Where the run's demo providers, fleet and probe run beside this cluster: by default child
     * processes of the runner, which reach the nodes at their addresses; a backend whose nodes only
     * its own network reaches (Kubernetes) runs them there.
     */
    default Workloads workloads() {
        return new LocalWorkloads();
    }

    /** CPU and memory of one node now. */
    NodeResources sample(int node);

    /** Stops every node and releases everything; safe to call twice. */
    @Override
    void close();
}
