package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.local.LocalBackend;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.process.ExitHooks;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.upgradelab.demo.LabAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code upgrade-lab cluster up}: starts a cluster, shows it, and keeps it until Ctrl-C or
 * {@code quit}. Meanwhile the console on standard input upgrades, stops, kills, pauses and resumes
 * nodes (type {@code help}).
 */
@Command(name = "up", sortOptions = false,
        description = {"Start a cluster of real Nacos servers on loopback and keep it in the foreground.",
                "Prints each node's address, version, PID and log; then reads console commands"
                        + " (upgrade, stop, kill, start, pause, resume, status, quit) from standard input.",
                "Ctrl-C stops every node."},
        footer = {"", "Examples:",
                "  upgrade-lab cluster up --server-version 1.4.1 --nodes 3",
                "  upgrade-lab cluster up --server-version 2.0.4 --nodes 1 --port 18848",
                "  upgrade-lab cluster up --server-version 2.0.4 --nodes 3 --storage mysql",
                "  upgrade-lab cluster up --server-version 2.0.4 --addresses 127.0.0.11,127.0.0.12,127.0.0.13"})
final class ClusterUpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--server-version", paramLabel = "VERSION", defaultValue = "1.4.1",
            completionCandidates = VersionCandidates.Servers.class,
            description = "Nacos server version of every node (default: ${DEFAULT-VALUE}); see 'upgrade-lab versions'.")
    String version;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3",
            description = "1 for a standalone server, 3 or more for a cluster (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + LocalClusterSpec.DEFAULT_FIRST_PORT,
            description = "HTTP port of node 1; node n uses PORT+10*(n-1). Each node also takes +1000, +1001"
                    + " (gRPC) and -1000 (raft). Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--addresses", paramLabel = "IP[,IP...]", split = ",",
            description = "Each node on an address of its own, node 1 first, all at --port, as hosts would be"
                    + " (e.g. 127.0.0.11,127.0.0.12,127.0.0.13; as many as --nodes; on loopback). Default: every node on"
                    + " 127.0.0.1, ports apart.")
    List<String> addresses = new ArrayList<>();

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Run directory: one node-N/ home (data, conf, logs) per node."
                    + " Default: runs/cluster-<date-time>.")
    Path dir;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = LocalClusterSpec.DEFAULT_MAX_HEAP,
            description = "Maximum heap of each node (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--start-timeout", paramLabel = "DURATION", defaultValue = "3m", converter = DurationConverter.class,
            description = "How long a node may take to start, and the cluster to form, e.g. 90s or 5m; a bare number is"
                    + " seconds (default: ${DEFAULT-VALUE}).")
    Duration startTimeout;

    @Option(names = "--storage", paramLabel = "STORE", defaultValue = "embedded",
            converter = StorageConverter.class,
            description = "Where the nodes keep configs: embedded (Nacos's own store) or mysql (a MariaDB the lab runs"
                    + " on 127.0.0.1:PORT+5, data in DIR/database; needs the mariadb-server package). Default: ${DEFAULT-VALUE}.")
    Storage storage;

    @Option(names = "--property", paramLabel = "KEY=VALUE",
            description = "A Nacos server property for every node's conf/application.properties (repeatable).")
    Map<String, String> properties = new LinkedHashMap<>();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = new Progress(spec.commandLine().getErr());
        Path runDirectory = dir != null ? dir.toAbsolutePath().normalize()
                : LabHome.defaultRunsDirectory().resolve("cluster-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        for (String address : addresses) {
            if (!LabAddress.isIpv4(address) || !LabAddress.isLoopback(address)) {
                throw new ParameterException(spec.commandLine(), "--addresses: " + address
                        + " is not a loopback IPv4 address (127.0.0.0/8)");
            }
        }
        LocalClusterSpec clusterSpec = new LocalClusterSpec(version, nodes, port, runDirectory, heap,
                startTimeout, properties).withNodeAddresses(addresses);
        NacosDistributions distributions = NacosDistributions.installed();
        distributions.require(version);
        progress.accept("starting " + (nodes == 1 ? "a standalone Nacos " + version
                : "a " + nodes + "-node Nacos " + version + " cluster") + " in " + runDirectory);

        LocalCluster cluster = LocalBackend.start(clusterSpec, distributions, storage, progress);
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable stopAll = () -> {
            progress.accept("stopping " + nodes + " node(s)...");
            cluster.close();
            progress.accept("all nodes stopped");
            stopped.countDown();
        };
        ExitHooks.Registration onSignal = ExitHooks.beforeReaping(stopAll);

        ClusterConsole console = new ClusterConsole(cluster, out, spec.commandLine().getErr());
        console.printStatus();
        out.println("Ready. Console commands: " + ClusterConsole.SUMMARY + ". Ctrl-C stops every node.");
        out.flush();

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (!console.execute(line)) {
                onSignal.close();
                stopAll.run();
                return 0;
            }
        }
        // Standard input closed (not a terminal, or Ctrl-D): keep the cluster until a signal.
        awaitForever(stopped);
        return 0;
    }

    /** {@code --storage}: as experiment files write it. */
    static final class StorageConverter implements ITypeConverter<Storage> {
        @Override
        public Storage convert(String value) {
            for (Storage s : Storage.values()) {
                if (s.fileName().equals(value)) {
                    return s;
                }
            }
            throw new TypeConversionException("'" + value + "' is not a store: use embedded or mysql");
        }
    }

    private static void awaitForever(CountDownLatch stopped) {
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
