package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosAuth;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.ThreadDump;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One Nacos server process on loopback, with its own home, data and logs under the run directory.
 *
 * <p>The home outlives the process: stopping a node and starting another version in the same home
 * is the rolling-upgrade step, exactly as an operator replaces the binaries of one server.
 */
public final class LocalNode {

    private static final Duration POLL = Duration.ofMillis(250);
    /** After a failure mark, the log must be still this long before its cause is read. */
    private static final Duration LOG_QUIET = Duration.ofSeconds(1);

    private final int number;
    private final NodePorts ports;
    private final Path home;
    private final LocalClusterSpec spec;
    /** What only the node's process may see, in its environment: the database password with storage mysql. */
    private final Map<String, String> secretEnvironment;
    /** The cluster's token key and server identity: in the environment with auth on, and always from 3.x on. */
    private final NodeAuthKeys authKeys;
    /** The client of the version the node runs, in the API generation it speaks; replaced when it runs another. */
    private volatile NacosApi api;

    private volatile NacosDistribution distribution;
    private volatile ChildProcess process;
    private volatile NodeState state = NodeState.STOPPED;
    /** The node's CPU limit (target.local.nodeCpus), made at its first launch; null when unlimited. */
    private CpuLimit cpuLimit;

    /**
     * A node whose process also gets {@code secretEnvironment} and, where its version needs them,
     * {@code authKeys} (never on its command line nor in its files).
     */
    LocalNode(int number, LocalClusterSpec spec, List<String> members, Map<String, String> secretEnvironment,
              NodeAuthKeys authKeys) {
        this.secretEnvironment = Map.copyOf(secretEnvironment);
        this.authKeys = authKeys;
        this.number = number;
        this.spec = spec;
        this.ports = spec.portsOf(number);
        this.home = spec.runDirectory().resolve("node-" + number);
        this.api = apiFor(spec.version());
        writeConfiguration(members);
    }

    private NacosApi apiFor(String version) {
        return NacosApi.forVersion(address(), version, NacosAuth.of(spec.credentials()).withIdentity(authKeys.identity()));
    }

    public int number() {
        return number;
    }

    public String address() {
        return spec.addressOf(number);
    }

    public NodePorts ports() {
        return ports;
    }

    public Path home() {
        return home;
    }

    /** Where Nacos writes its own logs (nacos.logs.path): naming-server.log, protocol-raft.log, ... */
    public Path logDirectory() {
        return new NacosHome(home).logs();
    }

    /** The node's console output: start-up, failures and everything Spring Boot prints. */
    public Path consoleLog() {
        return new NacosHome(home).consoleLog();
    }

    public NacosApi api() {
        return api;
    }

    public NodeStatus status() {
        ChildProcess p = process;
        boolean diedUnasked = p != null && !p.isAlive() && state != NodeState.STOPPED;
        return new NodeStatus(number, address(), version(), p == null ? -1 : p.pid(),
                diedUnasked ? NodeState.FAILED : state, consoleLog());
    }

    /** The version this node runs, or last ran. */
    public String version() {
        NacosDistribution d = distribution;
        return d == null ? spec.version() : d.version();
    }

    /** Launches {@code version} in this node's home and returns at once; see {@link #awaitStarted}. */
    StartupLog launch(NacosDistribution version) {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(this + " is already running");
        }
        StartupLog log = new StartupLog(consoleLog());
        this.distribution = version;
        this.api = apiFor(version.version());
        this.state = NodeState.STARTING;
        this.process = ChildProcess.start("node-" + number, command(version), environment(version), home, consoleLog());
        if (spec.nodeCpus() != null) {
            limitCpu(spec.nodeCpus());
        }
        return log;
    }

    /** The node process's environment: its address, its class path and {@link #secretEnvironment}. */
    Map<String, String> environment(NacosDistribution version) {
        Map<String, String> environment = NacosHome.environment(spec.hostOf(number), version.classpath());
        environment.putAll(secretEnvironment);
        if (spec.credentials().isPresent() || NacosVersions.isThreeX(version.version())) {
            environment.putAll(authKeys.environment());
        }
        return environment;
    }

    private synchronized void limitCpu(double cores) {
        if (cpuLimit == null) {
            cpuLimit = CpuLimit.open(CpuLimit.nodeGroup(number), cores);
        }
        cpuLimit.place(process.pid());
    }

    /** The CPU limit the kernel holds for this node, in cores; empty when it has none. */
    synchronized java.util.Optional<Double> cpuLimit() {
        return cpuLimit == null ? java.util.Optional.empty() : java.util.Optional.of(cpuLimit.cores());
    }

    /** Removes the node's cgroup, once its process has stopped. */
    synchronized void releaseCpuLimit() {
        if (cpuLimit != null) {
            cpuLimit.close();
        }
    }

    /**
     * Waits for the start-up verdict in the log, then for the HTTP readiness check. A node that fails
     * (failure in the log, process exited, or no verdict in time) is killed and reported with the
     * cause and its log.
     */
    void awaitStarted(StartupLog log, Deadline deadline) {
        while (true) {
            StartupLog.Verdict verdict = log.poll();
            if (verdict == StartupLog.Verdict.FAILED) {
                log.awaitQuiet(LOG_QUIET, LOG_QUIET.multipliedBy(10));
                fail(log, log.cause().orElse("Nacos reported a start-up failure"));
            }
            if (!process.isAlive()) {
                List<String> tail = log.tail();
                fail(log, log.cause().orElse("the JVM exited with code " + process.exitCode()
                        + (tail.isEmpty() ? "" : ": " + lastLine(tail))));
            }
            if (verdict == StartupLog.Verdict.STARTED && api.isReady()) {
                state = NodeState.UP;
                return;
            }
            if (deadline.hasPassed()) {
                fail(log, (verdict == StartupLog.Verdict.STARTED
                        ? "started, but " + address() + " never answered its readiness check"
                        : "no start-up verdict in the log") + " " + deadline.describe() + whereItWaited(log));
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    void stop(StopMode mode) {
        if (mode == StopMode.GRACEFUL) {
            stopWithin(ChildProcess.DEFAULT_GRACE);
            return;
        }
        ChildProcess p = process;
        if (p != null) {
            p.kill();
        }
        state = NodeState.STOPPED;
    }

    /** SIGTERM, and SIGKILL once {@code grace} has passed. */
    void stopWithin(Duration grace) {
        ChildProcess p = process;
        if (p != null) {
            p.stop(grace);
        }
        state = NodeState.STOPPED;
    }

    void pauseProcess() {
        requireRunning().pause();
        state = NodeState.PAUSED;
    }

    void resumeProcess() {
        requireRunning().resume();
        state = NodeState.UP;
    }

    NodeResources sample(ProcSampler sampler) {
        ChildProcess p = process;
        return p == null || !p.isAlive() ? new NodeResources(0, 0) : sampler.sample(p.pid());
    }

    NacosDistribution distribution() {
        return distribution;
    }

    ChildProcess process() {
        return process;
    }

    private ChildProcess requireRunning() {
        ChildProcess p = process;
        if (p == null || !p.isAlive()) {
            throw new LabException(LabException.FAILED, this + " is not running");
        }
        return p;
    }

    private void fail(StartupLog log, String cause) {
        state = NodeState.FAILED;
        process.kill();
        throw new NodeStartException(this + " failed to start: " + cause, consoleLog(), log.tail(),
                log.passingFailure());
    }

    List<String> command(NacosDistribution version) {
        NacosHome nacosHome = new NacosHome(home);
        List<String> command = nacosHome.javaWithFilesHere("node-" + number, "-Xms256m", "-Xmx" + spec.maxHeap(),
                "-XX:+UseSerialGC");
        command.add(portProperty(version) + "=" + ports.http());
        command.addAll(NacosHome.atAddress(spec.hostOf(number)));
        if (NacosVersions.isThreeX(version.version())) {
            // 3.x: the server's APIs alone in this process (no console context on a port of its own)
            command.add("-Dnacos.deployment.type=server");
        }
        spec.clientAuthProperty(version.version()).ifPresent(command::add);
        if (spec.standalone()) {
            command.add("-Dnacos.standalone=true");
        } else if (!spec.externalStorage()) {
            command.add("-DembeddedStorage=true");
        }
        command.add(version.mainClass());
        command.add(nacosHome.configLocation());
        return command;
    }

    /**
     * The main port's property: {@code server.port} up to 2.x; 3.x names it {@code
     * nacos.server.main.port}, and a {@code server.port} would move every context it starts.
     */
    private static String portProperty(NacosDistribution version) {
        return NacosVersions.isThreeX(version.version()) ? "-Dnacos.server.main.port" : "-Dserver.port";
    }

    private void writeConfiguration(List<String> members) {
        List<String> properties = new ArrayList<>(List.of(
                "# written by upgrade-lab for node-" + number + "; extra properties come from --property"));
        spec.serverProperties().forEach((k, v) -> properties.add(k + "=" + v));
        new NacosHome(home).prepare(spec.standalone() ? List.of() : members, properties);
    }

    /**
     * Where a node that gave no verdict in time was waiting: its last log line and its main thread,
     * from a thread dump kept beside the console log (the only trace a CI run shows is this message).
     */
    private String whereItWaited(StartupLog log) {
        StringBuilder where = new StringBuilder();
        List<String> tail = log.tail();
        where.append(tail.isEmpty() ? "; the log is empty" : "; last log line: " + lastLine(tail));
        ThreadDump.take(process.pid(), home.resolve("thread-dump.txt")).ifPresent(d -> where.append("; main thread at ")
                .append(d.top("main", 4).orElse("(no main thread)")).append(" (all threads: ").append(d.file()).append(')'));
        try {
            String[] load = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            where.append("; load average ").append(load[0]).append(' ').append(load[1]).append(", runnable ").append(load[3]);
        } catch (IOException | RuntimeException e) {
            // no /proc: the message goes without the machine's load
        }
        return where.toString();
    }

    private static String lastLine(List<String> tail) {
        return tail.get(tail.size() - 1).trim();
    }

    @Override
    public String toString() {
        return "node " + number + " (" + address() + ", " + version() + ")";
    }
}
