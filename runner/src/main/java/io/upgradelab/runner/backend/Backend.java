package io.upgradelab.runner.backend;

import java.util.List;

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

    /**
     * The rolling-upgrade step: stops the node, starts {@code version} on the same data and
     * configuration, and returns once it is up and the cluster sees all members again.
     */
    void upgradeNode(int node, String version);

    /** Stops a node: gracefully (the node deregisters and closes) or as a crash. */
    void stopNode(int node, StopMode mode);

    /** Starts a stopped node again on the version it last ran, and waits until it is up. */
    void startNode(int node);

    /** Freezes a node (SIGSTOP or its equivalent): it holds its sockets but answers nothing. */
    void pauseNode(int node);

    /** Undoes {@link #pauseNode(int)}. */
    void resumeNode(int node);

    /** CPU and memory of one node now. */
    NodeResources sample(int node);

    /** Stops every node and releases everything; safe to call twice. */
    @Override
    void close();
}
