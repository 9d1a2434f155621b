package io.upgradelab.runner.backend.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.SyncDockerCmd;
import com.github.dockerjava.api.exception.DockerException;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.LogTail;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;

/**
 * One Nacos node as a container at a time: each start (first start, upgrade, start after a stop)
 * creates a new container of the node's definition, with the same alias, host ports and data volume,
 * so the node keeps its name, its address and its data from one container to the next. A stopped
 * node's container is removed; its console output stays in the node's log file.
 */
final class NodeContainer {

    private final DockerClient docker;
    private final Network network;
    private final Duration startTimeout;
    private final ContainerLogFile log;
    private final DockerStats stats;
    private final NacosApi api;
    private final List<String> createdContainers = new ArrayList<>();

    private volatile NodeContainerDefinition definition;
    private volatile GenericContainer<?> container;
    private volatile NodeState state = NodeState.STOPPED;

    NodeContainer(NodeContainerDefinition definition, DockerClient docker, Network network, Duration startTimeout,
                  ContainerLogFile log, DockerStats stats) {
        this.definition = definition;
        this.docker = docker;
        this.network = network;
        this.startTimeout = startTimeout;
        this.log = log;
        this.stats = stats;
        this.api = NacosApi.of(address());
    }

    int number() {
        return definition.number();
    }

    String address() {
        return NodeContainerDefinition.LOOPBACK + ":" + definition.hostPorts().http();
    }

    /** The node's address among its peers, as their member lists name it. */
    String memberAddress() {
        return definition.alias() + ":" + ContainerClusterSpec.HTTP;
    }

    String version() {
        return definition.version();
    }

    NodeContainerDefinition definition() {
        return definition;
    }

    NacosApi api() {
        return api;
    }

    ContainerLogFile log() {
        return log;
    }

    /** Every container this node has had, removed or not, for a check that none is left. */
    synchronized List<String> createdContainers() {
        return List.copyOf(createdContainers);
    }

    NodeStatus status() {
        NodeState s = state;
        GenericContainer<?> c = container;
        boolean diedUnasked = (s == NodeState.UP || s == NodeState.PAUSED) && (c == null || !c.isRunning());
        return new NodeStatus(number(), address(), version(), -1, diedUnasked ? NodeState.FAILED : s, log.path());
    }

    /**
     * Creates and starts a container of {@code next} and returns once its readiness endpoint answers
     * 200; a container that does not get there is removed and reported with the end of its log.
     */
    void start(NodeContainerDefinition next) {
        if (container != null) {
            throw new IllegalStateException(this + " already has a container");
        }
        definition = next;
        state = NodeState.STARTING;
        LogTail tail = new LogTail(log.path());
        log.mark("a container of " + next.image() + " starts");
        GenericContainer<?> c = next.container(network, log, startTimeout);
        try {
            c.start();
        } catch (RuntimeException e) {
            record(c);
            c.stop();
            state = NodeState.FAILED;
            tail.readNewLines();
            throw new LabException(LabException.FAILED, this + " did not come up: " + rootCause(e) + " (up means "
                    + NodeContainerDefinition.READINESS_PATH + " answers 200 within " + startTimeout.toSeconds() + " s)",
                    log.path(), tail.lastLines());
        }
        record(c);
        container = c;
        state = NodeState.UP;
    }

    /** {@code docker stop} with the local backend's grace period, or {@code docker kill}; then the container is removed. */
    void stop(StopMode mode) {
        GenericContainer<?> c = container;
        if (c != null) {
            String id = c.getContainerId();
            try {
                if (state == NodeState.PAUSED) {
                    docker.unpauseContainerCmd(id).exec();
                }
                SyncDockerCmd<Void> stop = switch (mode) {
                    case KILL -> docker.killContainerCmd(id);
                    case GRACEFUL -> docker.stopContainerCmd(id).withTimeout((int) ChildProcess.DEFAULT_GRACE.toSeconds());
                };
                stop.exec();
            } catch (DockerException e) {
                // already stopped or gone: removed below all the same
            }
            c.stop();
            stats.forget(id);
            String done = switch (mode) {
                case KILL -> " killed";
                case GRACEFUL -> " stopped";
            };
            log.mark("container " + shortId(id) + done + " and removed");
            container = null;
        }
        state = NodeState.STOPPED;
    }

    /** {@code docker pause}: the cgroup freezer, so the node holds its sockets and answers nothing. */
    void pause() {
        String id = requireRunning();
        try {
            docker.pauseContainerCmd(id).exec();
        } catch (DockerException e) {
            throw new LabException(LabException.FAILED, this + ": docker pause " + shortId(id) + ": " + e.getMessage());
        }
        state = NodeState.PAUSED;
    }

    void resume() {
        String id = requireRunning();
        try {
            docker.unpauseContainerCmd(id).exec();
        } catch (DockerException e) {
            throw new LabException(LabException.FAILED, this + ": docker unpause " + shortId(id) + ": " + e.getMessage());
        }
        state = NodeState.UP;
    }

    NodeResources sample() {
        GenericContainer<?> c = container;
        return c == null ? new NodeResources(0, 0) : stats.sample(c.getContainerId());
    }

    /** The running container's id, for messages and the engine's own commands. */
    String containerId() {
        GenericContainer<?> c = container;
        return c == null ? null : c.getContainerId();
    }

    private String requireRunning() {
        GenericContainer<?> c = container;
        if (c == null || !c.isRunning()) {
            throw new LabException(LabException.FAILED, this + " is not running");
        }
        return c.getContainerId();
    }

    private synchronized void record(GenericContainer<?> c) {
        if (c.getContainerId() != null) {
            createdContainers.add(c.getContainerId());
        }
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (root cause: " + t.getMessage() + ")";
    }

    private static String shortId(String id) {
        return id == null ? "?" : id.substring(0, Math.min(12, id.length()));
    }

    @Override
    public String toString() {
        return definition.toString();
    }
}
