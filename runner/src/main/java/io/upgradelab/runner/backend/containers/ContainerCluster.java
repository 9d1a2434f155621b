package io.upgradelab.runner.backend.containers;

import com.github.dockerjava.api.DockerClient;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NacosImages;
import io.upgradelab.runner.backend.NodeReadiness;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.UpgradePath;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.ListeningSockets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Network;
import org.testcontainers.images.RemoteDockerImage;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ResourceReaper;

/**
 * A Nacos cluster of containers of the official images on one Docker network, for people who have
 * Docker rather than the lab's local server builds.
 *
 * <p>The lifecycle mirrors the local backend's: each node must answer its readiness check, then the
 * cluster must be ready as on every backend ({@link NodeReadiness}: members agree, 2.x mode once
 * every node runs 2.x, registrations accepted); a failed start is tried once more. Everything the
 * cluster creates carries Testcontainers' session labels, so its reaper (Ryuk) removes it even when
 * this JVM dies; {@link #close()} removes it at once.
 */
public final class ContainerCluster implements Backend {

    private static final int START_ATTEMPTS = 2;
    private static final Duration POLL = Duration.ofMillis(500);

    private final ContainerClusterSpec spec;
    private final Consumer<String> progress;
    private final DockerClient docker;
    private final Network network = Network.newNetwork();
    private final List<NodeContainer> nodes = new ArrayList<>();
    private final List<String> volumes = new ArrayList<>();
    private boolean closed;

    private ContainerCluster(ContainerClusterSpec spec, DockerClient docker, Consumer<String> progress) {
        this.spec = spec;
        this.docker = docker;
        this.progress = progress;
    }

    /**
     * Starts a cluster as {@code spec} says and returns once it has formed.
     *
     * @throws LabException {@code INVALID_INPUT} for a host port in use (nothing was started);
     *                      {@code FAILED} when there is no Docker engine, an image cannot be pulled, or a
     *                      node or the cluster did not come up (everything removed again)
     */
    public static ContainerCluster start(ContainerClusterSpec spec, Consumer<String> progress) {
        requireDocker();
        requirePortsFree(spec);
        ContainerCluster cluster = new ContainerCluster(spec, DockerClientFactory.instance().client(), progress);
        try {
            cluster.create();
            for (int attempt = 1; ; attempt++) {
                try {
                    cluster.startAll();
                    return cluster;
                } catch (LabException e) {
                    cluster.nodes.parallelStream().forEach(n -> n.stop(StopMode.KILL));
                    if (attempt == START_ATTEMPTS) {
                        throw e;
                    }
                    progress.accept("start failed: " + e.getMessage() + "; trying again (attempt "
                            + (attempt + 1) + " of " + START_ATTEMPTS + ")");
                }
            }
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    public ContainerClusterSpec spec() {
        return spec;
    }

    @Override
    public List<NodeStatus> nodes() {
        return nodes.stream().map(NodeContainer::status).toList();
    }

    @Override
    public synchronized void upgradeNode(int number, String version, boolean awaitTwoXMode) {
        NodeContainer node = node(number);
        String from = node.version();
        NodeContainerDefinition next = spec.node(number, version);
        pull(next.image());
        long began = System.nanoTime();
        progress.accept(node + ": stopping for the upgrade to " + version);
        node.stop(StopMode.GRACEFUL);
        startAndAwait(List.of(node), n -> next);
        readiness().awaitUpgrade(new UpgradePath(from, version), nodes.stream().map(NodeContainer::version).toList(),
                spec.startTimeout(), awaitTwoXMode);
        progress.accept("node " + number + ": upgraded " + from + " -> " + version + " in "
                + seconds(System.nanoTime() - began) + "; members agree again");
    }

    @Override
    public synchronized void stopNode(int number, StopMode mode) {
        NodeContainer node = node(number);
        String how = switch (mode) {
            case KILL -> "killing (docker kill)";
            case GRACEFUL -> "stopping (docker stop, " + ChildProcess.DEFAULT_GRACE.toSeconds() + " s grace)";
        };
        progress.accept(node + ": " + how);
        node.stop(mode);
    }

    @Override
    public synchronized void startNode(int number) {
        NodeContainer node = node(number);
        NodeState state = node.status().state();
        if (state == NodeState.UP || state == NodeState.PAUSED) {
            throw new LabException(LabException.FAILED, node + " is already running");
        }
        node.stop(StopMode.KILL);     // a container that died unasked is removed first
        startAndAwait(List.of(node), NodeContainer::definition);
        readiness().await(spec.startTimeout());
    }

    @Override
    public synchronized void pauseNode(int number) {
        node(number).pause();
        progress.accept(node(number) + ": paused (docker pause)");
    }

    @Override
    public synchronized void resumeNode(int number) {
        node(number).resume();
        progress.accept(node(number) + ": resumed (docker unpause)");
    }

    /** The node's own client, kept with its container: no new HTTP client per observer call. */
    @Override
    public NacosApi api(int number) {
        return node(number).api();
    }

    /** Through {@code docker stats}: takes about a second per node. */
    @Override
    public NodeResources sample(int number) {
        return node(number).sample();
    }

    /** Removes every container, the data volumes and the network; safe to call twice. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        nodes.parallelStream().forEach(n -> quietly(() -> n.stop(StopMode.GRACEFUL)));
        for (String volume : volumes) {
            quietly(() -> docker.removeVolumeCmd(volume).exec());
        }
        quietly(network::close);
        nodes.forEach(n -> n.log().close());
    }

    /** Every container any node has had, for a check that none is left after {@link #close()}. */
    List<String> createdContainers() {
        return nodes.stream().flatMap(n -> n.createdContainers().stream()).toList();
    }

    List<String> volumes() {
        return List.copyOf(volumes);
    }

    NodeContainer node(int number) {
        if (number < 1 || number > nodes.size()) {
            throw LabException.invalidInput("no node " + number + ": this cluster has nodes 1 to " + nodes.size());
        }
        return nodes.get(number - 1);
    }

    /** The image, the data volumes (labelled for the reaper) and the nodes' log files. */
    private void create() {
        pull(NacosImages.of(spec.repository(), spec.version()));
        Map<String, String> labels = new HashMap<>(DockerClientFactory.DEFAULT_LABELS);
        labels.putAll(ResourceReaper.instance().getLabels());
        DockerStats stats = new DockerStats(docker);
        for (int n = 1; n <= spec.nodes(); n++) {
            docker.createVolumeCmd().withName(spec.dataVolume(n)).withLabels(labels).exec();
            volumes.add(spec.dataVolume(n));
            nodes.add(new NodeContainer(spec.node(n, spec.version()), docker, network, spec.startTimeout(),
                    new ContainerLogFile(spec.consoleLog(n)), stats));
        }
    }

    private void startAll() {
        long began = System.nanoTime();
        startAndAwait(nodes, NodeContainer::definition);
        readiness().await(spec.startTimeout());
        if (!spec.standalone()) {
            progress.accept("cluster formed: " + nodes.size() + " members UP in " + seconds(System.nanoTime() - began));
        }
    }

    /**
     * Starts the nodes' containers together (a cluster node is ready only once a majority is up) and
     * waits for each to be ready; the first failure is thrown.
     */
    private void startAndAwait(List<NodeContainer> toStart, Function<NodeContainer, NodeContainerDefinition> definition) {
        ExecutorService starters = Executors.newFixedThreadPool(toStart.size());
        try {
            List<Future<?>> started = new ArrayList<>();
            for (NodeContainer node : toStart) {
                NodeContainerDefinition next = definition.apply(node);
                started.add(starters.submit(() -> {
                    long launched = System.nanoTime();
                    progress.accept(next + ": starting, HTTP " + node.address() + " (gRPC +1000, +1001), log "
                            + node.log().path());
                    node.start(next);
                    progress.accept(next + ": ready in " + seconds(System.nanoTime() - launched)
                            + ", container " + node.containerId().substring(0, 12));
                }));
            }
            for (Future<?> f : started) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        } finally {
            starters.shutdown();
        }
    }

    /** The readiness every backend waits on, over the running containers' open APIs (embedded storage). */
    private NodeReadiness readiness() {
        return new NodeReadiness(() -> nodes.stream().filter(n -> n.status().state() == NodeState.UP)
                .map(n -> NodeReadiness.Node.of(n.toString(), n.memberAddress(), n.version(), n.api())).toList(),
                new NodeReadiness.Shape(spec.standalone(), true, nodes.get(0).log().path(), POLL), progress);
    }

    /** Pulls {@code image} unless the engine has it, before any node stops for it. */
    private void pull(String image) {
        progress.accept("image " + image + ": pulling unless present");
        try {
            new RemoteDockerImage(DockerImageName.parse(image)).get();
        } catch (RuntimeException e) {
            throw new LabException(LabException.FAILED, "cannot pull image " + image + ": " + e.getMessage()
                    + (e.getCause() == null ? "" : " (" + e.getCause().getMessage() + ")"));
        }
    }

    private static void requireDocker() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new LabException(LabException.FAILED, "backend testcontainers needs a Docker engine, and Testcontainers"
                    + " found none (it looks at DOCKER_HOST, /var/run/docker.sock and ~/.testcontainers.properties);"
                    + " use backend local instead, which needs no Docker");
        }
    }

    /** Refuses host ports something listens on, before anything starts. */
    static void requirePortsFree(ContainerClusterSpec spec) {
        ListeningSockets listening = ListeningSockets.read();
        for (int n = 1; n <= spec.nodes(); n++) {
            for (var port : spec.hostPorts(n).byPurpose().entrySet()) {
                if (port.getKey() != spec.hostPorts(n).raft() && listening.isTaken(port.getKey())) {
                    throw LabException.invalidInput("port " + port.getKey() + " (" + port.getValue() + " of node " + n
                            + ") is already in use; choose another target.firstPort");
                }
            }
        }
    }

    private static void quietly(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            // closing goes on: Ryuk removes whatever this step left
        }
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / 1e9);
    }
}
