package io.upgradelab.runner.backend.external;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.ExternalTarget;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.nacos.ClusterFormation;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosAuth;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.LogTail;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An existing cluster seen through its open API. Its nodes are never started, stopped or paused by
 * the lab; an upgrade step runs the user's command for the node (an argument list, no shell), then
 * waits on the same signals as every backend: the node answers, reports the new version, and the
 * members agree ({@link ClusterFormation}). CPU comes from the node's Prometheus endpoint.
 */
public final class ExternalCluster implements Backend {

    /** The argument of an upgrade command that stands for the version upgraded to. */
    public static final String VERSION_PLACEHOLDER = "{version}";
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final Duration LOCATE_TIMEOUT = Duration.ofSeconds(30);

    private final ExternalTarget target;
    private final Optional<NacosCredentials> credentials;
    private final Path directory;
    private final Consumer<String> progress;
    private final List<String> versions = new ArrayList<>();
    private final List<NacosApi> apis = new ArrayList<>();
    private final List<NodeState> states = new ArrayList<>();
    private boolean toldNoMetrics;

    private ExternalCluster(ExternalTarget target, Optional<NacosCredentials> credentials, Path directory,
                            Consumer<String> progress) {
        this.target = target;
        this.credentials = credentials;
        this.directory = directory;
        this.progress = progress;
        for (String address : target.addresses()) {
            apis.add(NacosApi.of(address, credentials));   // until awaitVersion finds the node speaks another generation
            versions.add("");
            states.add(NodeState.STARTING);
        }
    }

    /**
     * Finds the cluster: every node answers (logged in, when there are credentials), says its
     * version, and the members agree; otherwise a FAILED LabException says which node and why.
     */
    public static ExternalCluster locate(ExternalTarget target, Optional<NacosCredentials> credentials, Path directory,
                                         Consumer<String> progress) {
        ExternalCluster cluster = new ExternalCluster(target, credentials, directory, progress);
        Deadline deadline = Deadline.after(LOCATE_TIMEOUT);
        for (int n = 1; n <= target.addresses().size(); n++) {
            cluster.awaitVersion(n, null, deadline);
        }
        cluster.awaitFormed(deadline);
        progress.accept("external cluster: " + target.addresses().size() + " node(s), versions " + cluster.versions
                + (credentials.isPresent() ? ", logged in as " + credentials.get().username() : ", no auth"));
        return cluster;
    }

    @Override
    public synchronized List<NodeStatus> nodes() {
        List<NodeStatus> nodes = new ArrayList<>();
        for (int n = 1; n <= apis.size(); n++) {
            Path log = upgradeLog(n);
            nodes.add(new NodeStatus(n, target.addresses().get(n - 1), versions.get(n - 1), -1, states.get(n - 1),
                    Files.exists(log) ? log : null));
        }
        return nodes;
    }

    @Override
    public Optional<NacosCredentials> credentials() {
        return credentials;
    }

    @Override
    public NacosApi api(int node) {
        return apis.get(node - 1);
    }

    /**
     * Runs the node's upgrade command, then waits until it answers on {@code version} and the members agree
     * (the 2.x mode switch is not told apart: {@code awaitTwoXMode} is not used).
     */
    @Override
    public void upgradeNode(int node, String version, boolean awaitTwoXMode) {
        List<String> command = upgradeCommand(node, version);
        Deadline deadline = Deadline.after(target.upgradeTimeout());
        progress.accept("node " + node + ": upgrading to " + version + " with " + command + " (log " + upgradeLog(node) + ")");
        setState(node, NodeState.STARTING);
        runCommand(node, command, deadline);
        awaitVersion(node, version, deadline);
        awaitFormed(deadline);
        progress.accept("node " + node + ": answers on " + version + "; members agree");
    }

    @Override
    public void stopNode(int node, StopMode mode) {
        throw notHere("stop");
    }

    @Override
    public void startNode(int node) {
        throw notHere("start");
    }

    @Override
    public void pauseNode(int node) {
        throw notHere("pause");
    }

    @Override
    public void resumeNode(int node) {
        throw notHere("resume");
    }

    /**
     * CPU from the node's Prometheus endpoint ({@code /nacos/actuator/prometheus}: process_cpu_usage
     * times system_cpu_count) and the JVM's used memory; throws when the node does not expose it
     * (then the observers record no sample), saying so once.
     */
    @Override
    public NodeResources sample(int node) {
        try {
            return PrometheusText.resources(api(node).prometheus());
        } catch (NacosApiException | IllegalArgumentException e) {
            if (!toldNoMetrics) {
                toldNoMetrics = true;
                progress.accept("node " + node + ": no CPU samples (" + e.getMessage() + "); expose the Prometheus"
                        + " endpoint with management.endpoints.web.exposure.include=prometheus in the node's"
                        + " application.properties");
            }
            throw e;
        }
    }

    /** Leaves the cluster as it is: the lab did not start it. */
    @Override
    public void close() {
        progress.accept("external cluster: left running (upgrade-lab did not start it)");
    }

    /** The node's command with every {@value #VERSION_PLACEHOLDER} replaced: arguments stay arguments, no shell reads them. */
    List<String> upgradeCommand(int node, String version) {
        if (target.upgradeCommands().size() < node) {
            throw new LabException(LabException.FAILED, "node " + node + " has no upgrade command: give one per node"
                    + " in target.external.upgradeCommands");
        }
        return target.upgradeCommands().get(node - 1).stream().map(a -> a.replace(VERSION_PLACEHOLDER, version)).toList();
    }

    private void runCommand(int node, List<String> command, Deadline deadline) {
        Path log = upgradeLog(node);
        try {
            Files.createDirectories(directory);
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            long budget = Math.max(1, deadline.atNanos() - System.nanoTime());
            if (!process.waitFor(budget, TimeUnit.NANOSECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw failed(node, "the upgrade command (pid " + process.pid() + ") did not end " + deadline.describe()
                        + "; killed", log);
            }
            if (process.exitValue() != 0) {
                throw failed(node, "the upgrade command exited with " + process.exitValue(), log);
            }
        } catch (IOException e) {
            throw failed(node, "cannot run the upgrade command " + command + ": " + e.getMessage(), log);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "node " + node + ": upgrade interrupted");
        }
    }

    /** Waits until node {@code node} answers and reports {@code version} (any version when null). */
    private void awaitVersion(int node, String version, Deadline deadline) {
        String last = "";
        while (true) {
            try {
                NacosApi api = api(node);
                String reported;
                try {
                    reported = api.serverVersion();
                } catch (NacosApiException e) {   // not the generation it spoke before (an upgrade across one), or down
                    api = NacosApi.discover(target.addresses().get(node - 1), NacosAuth.of(credentials));
                    reported = api.serverVersion();
                }
                if (version == null || NacosVersions.sameRelease(reported, version)) {
                    synchronized (this) {
                        versions.set(node - 1, reported);
                        apis.set(node - 1, api);
                    }
                    setState(node, NodeState.UP);
                    return;
                }
                last = "it reports " + reported;
            } catch (NacosApiException e) {
                last = e.getMessage();
            }
            if (deadline.hasPassed()) {
                setState(node, NodeState.FAILED);
                throw new LabException(LabException.FAILED, "node " + node + " (" + target.addresses().get(node - 1)
                        + ") does not answer" + (version == null ? "" : " on " + version) + " " + deadline.describe()
                        + ": " + last);
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    private void awaitFormed(Deadline deadline) {
        while (true) {
            List<ClusterFormation.Member> members = new ArrayList<>();
            for (NodeStatus node : nodes()) {
                members.add(new ClusterFormation.Member("node " + node.number() + " (" + node.address() + ")",
                        api(node.number()), node.address(), node.version()));
            }
            String problem = ClusterFormation.problem(members, members.size() == 1);
            if (problem.isEmpty()) {
                return;
            }
            if (deadline.hasPassed()) {
                throw new LabException(LabException.FAILED, "the external cluster's members do not agree "
                        + deadline.describe() + ": " + problem);
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    private synchronized void setState(int node, NodeState state) {
        states.set(node - 1, state);
    }

    private Path upgradeLog(int node) {
        return directory.resolve("upgrade-node-" + node + ".log");
    }

    private static LabException failed(int node, String message, Path log) {
        return new LabException(LabException.FAILED, "node " + node + ": " + message, log, LogTail.lastLinesOf(log));
    }

    private static LabException notHere(String what) {
        return new LabException(LabException.FAILED, "backend external does not " + what + " nodes: the lab never"
                + " stops, starts or pauses a cluster it did not start (faults kill, restart and pause need backend"
                + " local, kubernetes or testcontainers)");
    }
}
