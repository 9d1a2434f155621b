package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.DatabaseAccess;
import io.upgradelab.runner.backend.ClientAuth;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NodeReadiness;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.journal.ConsoleStarted;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.UpgradePath;
import io.upgradelab.runner.process.ListeningSockets;
import io.upgradelab.runner.process.LoopbackGuard;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The embedded default backend: a cluster of real Nacos server processes on 127.0.0.1.
 *
 * <p>{@link #start} is the whole lifecycle of bringing a cluster up: free ports are checked, every
 * node is launched, each must log its start-up and answer its readiness check, and the cluster
 * must agree on its members (all UP, versions known) and, with embedded storage, have a raft
 * leader for config data; last, every node must accept registrations ({@link NodeReadiness}, as on
 * every backend). Three nodes started together on two cores sometimes
 * lose that leader while one of them reads its start-up dump through it, and that node fails: it
 * alone is launched again (the others keep their leader), with the diagnosis printed. Any other
 * failure stops every node and the whole start is tried once more.
 */
public final class LocalCluster implements Backend {

    private static final int START_ATTEMPTS = 2;
    /** Launches of one node whose start-up fails in a passing way, before the start fails. */
    private static final int NODE_LAUNCHES = 3;
    private static final Duration POLL = Duration.ofMillis(500);
    /**
     * How long a node may take to stop when the cluster closes, before SIGKILL. Nothing starts on
     * its home again, and a 1.4.1 node spends 17-25 s of a graceful stop awaiting its own idle thread
     * pools (ThreadPoolManager.destroy, 3 × 1 s per pool), measured here; 2.x nodes stop in 2-3 s.
     * A node stopped within a run (an upgrade step, a fault) keeps the full grace: its home is reused.
     */
    static final Duration TEARDOWN_GRACE = Duration.ofSeconds(5);

    private final LocalClusterSpec spec;
    private final NacosDistributions distributions;
    private final Consumer<String> progress;
    private final List<LocalNode> nodes = new ArrayList<>();
    private final ProcSampler sampler = new ProcSampler();
    private final LoopbackNetem netem = new LoopbackNetem();
    /** Loss and partitions: opened at the first, closed with the cluster. */
    private LoopbackFirewall firewall;
    /** The shared config database with {@code target.local.storage: mysql}; stopped after the nodes. */
    private final Optional<LocalDatabase> database;
    private boolean closed;
    /** The user the clients log in as when nodes check them ({@link #clientUser}); empty without client auth. */
    private Optional<NacosCredentials> credentials = Optional.empty();
    /** The cluster's token key and server identity, which its console gets too. */
    private NodeAuthKeys authKeys;
    /** The console as a process of its own, once {@link #startConsole} started it. */
    private LocalConsole console;

    private LocalCluster(LocalClusterSpec spec, NacosDistributions distributions, Optional<LocalDatabase> database,
                         Consumer<String> progress) {
        this.spec = spec;
        this.distributions = distributions;
        this.database = database;
        this.progress = progress;
    }

    /**
     * Starts a cluster as {@code spec} says and returns once it has formed.
     *
     * @param progress receives one line per step worth telling a person (launches, readiness, retries)
     * @throws LabException {@code INVALID_INPUT} for an unknown version or a port in use (nothing was
     *                      started); {@code FAILED} when a node or the cluster did not come up (all
     *                      stopped again)
     */
    public static LocalCluster start(LocalClusterSpec spec, NacosDistributions distributions,
                                     Consumer<String> progress) {
        return start(spec, distributions, Optional.empty(), progress);
    }

    /**
     * {@link #start(LocalClusterSpec, NacosDistributions, Consumer)} on {@code database}, which the
     * cluster then owns (stopped after its nodes); {@code spec} carries its
     * {@link LocalDatabase#nacosProperties()}.
     */
    public static LocalCluster start(LocalClusterSpec spec, NacosDistributions distributions,
                                     Optional<LocalDatabase> database, Consumer<String> progress) {
        NacosDistribution version = distributions.require(spec.version());
        requirePortsFree(spec);
        LoopbackGuard.warning().ifPresent(progress);
        LocalCluster cluster = new LocalCluster(spec, distributions, database, progress);
        List<String> members = new ArrayList<>();
        for (int n = 1; n <= spec.nodes(); n++) {
            members.add(spec.addressOf(n));
        }
        Map<String, String> secrets = database.map(LocalDatabase::nodeEnvironment).orElse(Map.of());
        NodeAuthKeys keys = NodeAuthKeys.random();
        cluster.authKeys = keys;
        for (int n = 1; n <= spec.nodes(); n++) {
            cluster.nodes.add(new LocalNode(n, spec, members, secrets, keys));
        }
        for (int attempt = 1; ; attempt++) {
            try {
                cluster.startAll(version);
                cluster.credentials = cluster.clientUser();
                return cluster;
            } catch (LabException e) {
                cluster.nodes.parallelStream().forEach(node -> node.stop(StopMode.KILL));
                if (attempt == START_ATTEMPTS || e.exitCode() == LabException.INVALID_INPUT) {
                    throw e;
                }
                progress.accept("start failed: " + e.getMessage() + "; trying again (attempt "
                        + (attempt + 1) + " of " + START_ATTEMPTS + ")");
            }
        }
    }

    public LocalClusterSpec spec() {
        return spec;
    }

    /** The node numbered {@code number} (from 1). */
    public LocalNode node(int number) {
        if (number < 1 || number > nodes.size()) {
            throw LabException.invalidInput("no node " + number + ": this cluster has nodes 1 to " + nodes.size());
        }
        return nodes.get(number - 1);
    }

    public List<LocalNode> localNodes() {
        return List.copyOf(nodes);
    }

    /** Lock-free, so observers see the nodes while an upgrade step holds the cluster for a minute. */
    @Override
    public List<NodeStatus> nodes() {
        return nodes.stream().map(LocalNode::status).toList();
    }

    @Override
    public synchronized void upgradeNode(int number, String version, boolean awaitTwoXMode) {
        NacosDistribution target = distributions.require(version);
        LocalNode node = node(number);
        String from = node.version();
        migrateStorage(version).filter(migration -> !migration.statements().isEmpty() && !migration.skipped())
                .ifPresent(migration -> progress.accept(migration.describe()));
        long began = System.nanoTime();
        progress.accept(node + ": stopping for the upgrade to " + version);
        node.stop(StopMode.GRACEFUL);
        launchAndAwait(List.of(node), target);
        readiness().awaitUpgrade(new UpgradePath(from, version), nodes.stream().map(LocalNode::version).toList(),
                spec.startTimeout(), awaitTwoXMode);
        progress.accept("node " + number + ": upgraded " + from + " -> " + version + " in "
                + seconds(System.nanoTime() - began) + "; members agree again");
    }

    /** The shared database brought to {@code version}'s schema ({@link LocalDatabase#migrateTo}); empty on embedded storage. */
    @Override
    public synchronized Optional<StorageMigration> migrateStorage(String version) {
        if (database.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(database.get().migrateTo(distributions.require(version)));
    }

    /** The shared config database, with {@code target.local.storage: mysql}. */
    public Optional<LocalDatabase> database() {
        return database;
    }

    @Override
    public synchronized void stopNode(int number, StopMode mode) {
        LocalNode node = node(number);
        String how = switch (mode) {
            case KILL -> "killing (SIGKILL)";
            case GRACEFUL -> "stopping (SIGTERM)";
        };
        progress.accept(node + ": " + how);
        node.stop(mode);
    }

    @Override
    public synchronized void startNode(int number) {
        LocalNode node = node(number);
        if (node.status().state() == NodeState.UP || node.status().state() == NodeState.PAUSED) {
            throw new LabException(LabException.FAILED, node + " is already running");
        }
        launchAndAwait(List.of(node), node.distribution());
        readiness().await(spec.startTimeout());
    }

    @Override
    public synchronized void pauseNode(int number) {
        node(number).pauseProcess();
        progress.accept(node(number) + ": paused (SIGSTOP)");
    }

    @Override
    public synchronized void resumeNode(int number) {
        node(number).resumeProcess();
        progress.accept(node(number) + ": resumed (SIGCONT)");
    }

    /**
     * Drops packets of the node with iptables ({@link LoopbackFirewall}, which packets:
     * {@link NodePackets}), or delays those to its client ports (HTTP and gRPC for clients) with tc
     * netem ({@link LoopbackNetem}, where the kernel has it). Both need root.
     */
    @Override
    public synchronized void disturbNetwork(int number, NetworkDisturbance disturbance) {
        String done = switch (disturbance.kind()) {
            case DELAY -> delay(number, disturbance);
            case LOSS, PARTITION -> drop(number, disturbance);
        };
        progress.accept(node(number) + ": " + done);
    }

    /** Delays the packets to the node's client ports with netem; says what it did. */
    private String delay(int number, NetworkDisturbance disturbance) {
        NodePorts ports = node(number).ports();
        List<Integer> delayed = List.of(ports.http(), ports.grpcClient());
        netem.disturb(delayed, disturbance);
        return disturbance.describe() + " on ports " + delayed;
    }

    /** Drops the node's packets with iptables; says what it did. */
    private String drop(int number, NetworkDisturbance disturbance) {
        NodePackets packets = NodePackets.of(spec, number, disturbance);
        if (firewall == null) {
            firewall = LoopbackFirewall.open(progress);
        }
        firewall.drop(packets.dropped(), disturbance.lossPercent(), packets.spared());
        return disturbance.describe(number) + " (iptables chain " + firewall.chain() + ")";
    }

    @Override
    public synchronized void restoreNetwork(int number) {
        netem.restore();
        String dropped = "";
        if (firewall != null) {
            try {
                dropped = " (" + firewall.droppedPackets() + " packets dropped)";
            } finally {
                firewall.clear();
            }
        }
        progress.accept(node(number) + ": network restored" + dropped);
    }

    /** The admin user, whose password this run made when the cluster started on 3.x; see {@link #clientUser}. */
    @Override
    public Optional<NacosCredentials> credentials() {
        return credentials;
    }

    /**
     * Who the clients log in as once nodes check them: the user {@code nacos} of the database, which a
     * 2.3 or older schema holds with its well-known password; a database laid out by 3.x holds no
     * user, so the lab makes the admin with a password of this run's, kept in memory and handed to its
     * clients in their environment only.
     */
    private Optional<NacosCredentials> clientUser() {
        if (spec.clientAuth() == ClientAuth.OFF || !NacosVersions.isThreeX(spec.version())) {
            return spec.credentials();   // a property alone (cluster up --property) leaves the first admin to its user
        }
        Optional<NacosCredentials> admin = newAdmin();
        if (admin.isEmpty()) {
            progress.accept("client auth: the database already has an admin user; the clients log in as "
                    + LocalClusterSpec.DEFAULT_USER.username() + " with Nacos's default password");
            return spec.credentials();
        }
        progress.accept("client auth: made the admin user " + LocalClusterSpec.DEFAULT_USER.username()
                + ", its password this run's own (in memory, handed to the clients in their environment)");
        return admin;
    }

    /** The admin, made now through node 1 with a password of this run's own; empty when the nodes have one. */
    private Optional<NacosCredentials> newAdmin() {
        String password = Secret.random().value();
        return node(1).api().createAdminUser(password)
                ? Optional.of(new NacosCredentials(LocalClusterSpec.DEFAULT_USER.username(), password))
                : Optional.empty();
    }

    /**
     * Starts the console of the version every node runs as a process of its own, at 127.0.0.1 (or
     * node 1's address) and {@code firstPort + 6}, logged in as {@link #consoleUser}.
     */
    @Override
    public synchronized ConsoleStarted startConsole(Duration timeout) {
        if (console != null) {
            throw new LabException(LabException.FAILED, "the console already runs at " + console.address());
        }
        List<String> versions = nodes.stream().map(LocalNode::version).distinct().toList();
        if (versions.size() != 1 || !NacosVersions.isThreeX(versions.get(0))) {
            throw new LabException(LabException.FAILED, "the console runs apart from the nodes once every node runs"
                    + " 3.x; they run " + String.join(", ", versions));
        }
        List<String> members = nodes.stream().map(LocalNode::address).toList();
        console = new LocalConsole(spec.runDirectory().resolve("console"), spec.hostOf(1),
                spec.firstPort() + LocalConsole.PORT_OFFSET, distributions.require(versions.get(0)), members,
                authKeys.environment());
        progress.accept("console: launching Nacos " + versions.get(0) + "'s console at " + console.address()
                + ", log " + console.consoleLog());
        ConsoleUser user = consoleUser();
        return console.start(user.credentials(), user.made(), Deadline.after(timeout));
    }

    /**
     * Who the lab logs in to the console as: the clients' user where the nodes check clients; else
     * the admin, made now with a password of this run's own (in memory only) where the nodes know
     * none, as a team does at its first login to a 3.x console: a database laid out by 3.x holds no
     * user, and neither did an embedded cluster upgraded from 2.3.2 here (3.x's Derby schema inserts
     * none; 2.x's inserted {@code nacos}); else the {@code nacos} a 2.x database kept (MySQL).
     */
    private ConsoleUser consoleUser() {
        if (credentials.isPresent()) {
            return new ConsoleUser(credentials.get(), false);
        }
        Optional<NacosCredentials> admin = newAdmin();
        admin.ifPresent(a -> progress.accept("console: the nodes know no admin; made " + a.username()
                + ", its password this run's own (in memory)"));
        return new ConsoleUser(admin.orElse(LocalClusterSpec.DEFAULT_USER), admin.isPresent());
    }

    @Override
    public NacosApi api(int number) {
        return node(number).api();
    }

    @Override
    public NodeResources sample(int number) {
        return node(number).sample(sampler);
    }

    @Override
    public List<Double> cpuLimits() {
        return spec.nodeCpus() == null ? List.of()
                : nodes.stream().map(n -> n.cpuLimit().orElse(spec.nodeCpus())).toList();
    }

    @Override
    public Optional<DatabaseAccess> databaseAccess() {
        return database.map(db -> new DatabaseAccess("the lab's MariaDB on 127.0.0.1:" + db.port(),
                LocalDatabase.DATABASE, db::connectAsLab));
    }

    @Override
    public Optional<NacosDistribution> distribution(String version) {
        try {
            return Optional.of(distributions.require(version));
        } catch (LabException e) {
            return Optional.empty();
        }
    }

    /** The lab's own: every node starts on the JVM the lab runs on ({@link NacosHome}). */
    @Override
    public Optional<String> javaVersion(int number) {
        node(number);
        return Optional.of(Runtime.version().toString());
    }

    @Override
    public Optional<Path> propertiesFile(int number) {
        return Optional.of(node(number).home().resolve("conf/application.properties"));
    }

    @Override
    public Optional<Path> logDirectory(int number) {
        return Optional.of(node(number).logDirectory());
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            restoreAndCloseFirewall();
        } finally {
            try {
                stopConsole();
                nodes.parallelStream().forEach(node -> node.stopWithin(TEARDOWN_GRACE));
            } finally {
                nodes.forEach(LocalNode::releaseCpuLimit);
                database.ifPresent(LocalDatabase::close);
            }
        }
    }

    /** A user of the cluster, and whether the lab made it (the nodes knew no admin). */
    private record ConsoleUser(NacosCredentials credentials, boolean made) {
    }

    private synchronized void stopConsole() {
        if (console != null) {
            console.stop(TEARDOWN_GRACE);
        }
    }

    private synchronized void restoreAndCloseFirewall() {
        try {
            netem.restore();
        } finally {
            if (firewall != null) {
                firewall.close();
            }
        }
    }

    private void startAll(NacosDistribution version) {
        long began = System.nanoTime();
        launchAndAwait(nodes, version);
        readiness().await(spec.startTimeout());
        if (!spec.standalone()) {
            progress.accept("cluster formed: " + nodes.size() + " members UP in " + seconds(System.nanoTime() - began));
        }
    }

    /**
     * Launches the nodes together and waits for each to be up; a node that fails in a passing way
     * ({@link NodeStartException#passing}) is launched again, up to {@link #NODE_LAUNCHES} in all,
     * each launch with the whole start timeout; the first other failure is thrown.
     */
    private void launchAndAwait(List<LocalNode> toStart, NacosDistribution version) {
        List<CompletableFuture<Void>> started = new ArrayList<>();
        for (LocalNode node : toStart) {
            StartupLog log = launch(node, version);
            long launched = System.nanoTime();
            started.add(CompletableFuture.runAsync(() -> awaitUp(node, version, log, launched)));
        }
        try {
            CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private StartupLog launch(LocalNode node, NacosDistribution version) {
        StartupLog log = node.launch(version);
        progress.accept(node + ": launched, pid " + node.process().pid() + ", log " + node.consoleLog());
        return log;
    }

    private void awaitUp(LocalNode node, NacosDistribution version, StartupLog firstLaunch, long launched) {
        StartupLog log = firstLaunch;
        for (int launch = 1; ; launch++) {
            try {
                node.awaitStarted(log, Deadline.after(spec.startTimeout()));
                progress.accept(node + ": up in " + seconds(System.nanoTime() - launched));
                return;
            } catch (NodeStartException e) {
                if (!e.passing() || launch == NODE_LAUNCHES) {
                    throw e;
                }
                progress.accept(e.getMessage() + "; launching it again (launch " + (launch + 1) + " of "
                        + NODE_LAUNCHES + ")");
                log = launch(node, version);
            }
        }
    }

    /** The readiness every backend waits on, over the running nodes' open APIs. */
    private NodeReadiness readiness() {
        return new NodeReadiness(() -> nodes.stream().filter(n -> n.status().state() == NodeState.UP)
                .map(n -> NodeReadiness.Node.of(n.toString(), n.address(), n.version(), n.api())).toList(),
                new NodeReadiness.Shape(spec.standalone(), !spec.externalStorage(), nodes.get(0).consoleLog(), POLL),
                progress);
    }

    /**
     * Refuses ports another process listens on, before anything starts. All four ports of every
     * node count, gRPC included on 1.x: any node may be upgraded to 2.x later in the run.
     */
    static void requirePortsFree(LocalClusterSpec spec) {
        spec.takenPort(ListeningSockets.read()).ifPresent(taken -> {
            throw LabException.invalidInput(taken + " is already in use; choose another first port with --port");
        });
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / 1e9);
    }
}
