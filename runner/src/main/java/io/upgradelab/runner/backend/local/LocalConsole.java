package io.upgradelab.runner.backend.local;

import io.upgradelab.journal.ConsoleStarted;
import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.nacos.ConsoleApi;
import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The Nacos 3.x console as a process of its own on loopback ({@code -Dnacos.deployment.type=console}),
 * beside a {@link LocalCluster}: the split 3.0 made, which a team that upgrades deploys. It has a
 * home of its own under the run directory ({@code console/}: its {@code cluster.conf} lists the
 * nodes it calls, its logs), the cluster's token key and server identity in its environment (never
 * on its command line), and one port ({@code firstPort + 6}). It holds no data: it is ready when,
 * logged in as a user of the cluster, it lists the nodes, the only signal that it reaches them.
 */
final class LocalConsole {

    /** The console's port beside the nodes': past the database's {@code firstPort + 5}. */
    static final int PORT_OFFSET = 6;
    private static final Duration POLL = Duration.ofMillis(500);

    private final NacosHome home;
    private final String host;
    private final int port;
    private final NacosDistribution distribution;
    private final Map<String, String> authEnvironment;
    private ChildProcess process;

    /**
     * A console of {@code distribution} at {@code host:port}, calling {@code members}; {@code
     * authEnvironment} is the cluster's {@link NodeAuthKeys#environment()}.
     */
    LocalConsole(Path home, String host, int port, NacosDistribution distribution, List<String> members,
                 Map<String, String> authEnvironment) {
        if (!distribution.hasConsole()) {
            throw new LabException(LabException.FAILED, "Nacos " + distribution.version() + " (" + distribution.directory()
                    + ") has no console to run as a process of its own: 3.x's does (built in, or an official archive)");
        }
        this.home = new NacosHome(home);
        this.host = host;
        this.port = port;
        this.distribution = distribution;
        this.authEnvironment = Map.copyOf(authEnvironment);
        this.home.prepare(members,
                List.of("# written by upgrade-lab for the console: it reaches the nodes in cluster.conf"));
    }

    String address() {
        return host + ":" + port;
    }

    Path consoleLog() {
        return home.consoleLog();
    }

    /**
     * Launches the console and returns once it has logged its start and, logged in as {@code user}
     * (which the lab made when {@code userMade}), listed the nodes; fails, the process killed, naming
     * the cause, when it does not by {@code deadline}.
     */
    ConsoleStarted start(NacosCredentials user, boolean userMade, Deadline deadline) {
        if (ListeningSockets.read().isTaken(host, port)) {
            throw new LabException(LabException.FAILED, "the console's port " + address() + " (firstPort+" + PORT_OFFSET
                    + ") is already in use: choose another first port (target.firstPort)");
        }
        StartupLog log = StartupLog.ofConsole(consoleLog());
        long launched = System.nanoTime();
        process = ChildProcess.start("console", command(), environment(), home.directory(), consoleLog());
        ConsoleApi api = new ConsoleApi(address(), user);
        String lastError = "no start-up verdict in its log";
        while (true) {
            StartupLog.Verdict verdict = log.poll();
            if (verdict == StartupLog.Verdict.FAILED || !process.isAlive()) {
                log.awaitQuiet(POLL, POLL.multipliedBy(10));
                fail(log.cause().orElse(process.isAlive() ? "it reported a start-up failure"
                        : "the JVM exited with code " + process.exitCode()));
            }
            if (verdict == StartupLog.Verdict.STARTED) {
                try {
                    int members = api.members();
                    long millis = Duration.ofNanos(System.nanoTime() - launched).toMillis();
                    ConsoleApi.Answer readiness = api.readiness();
                    return new ConsoleStarted(address(), distribution.version(), millis, user.username(), userMade,
                            members, api.services(), readiness.ok(), readiness.status() + ": " + readiness.message());
                } catch (NacosApiException e) {
                    lastError = "started, but listing the nodes as " + user.username() + " failed: " + e.getMessage();
                }
            }
            if (deadline.hasPassed()) {
                fail(lastError + " " + deadline.describe());
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    /** SIGTERM, and SIGKILL after {@code grace}; nothing when it never started. */
    void stop(Duration grace) {
        if (process != null) {
            process.stop(grace);
        }
    }

    List<String> command() {
        List<String> command = home.javaWithFilesHere("console", "-Xms128m", "-Xmx384m", "-XX:+UseSerialGC");
        command.addAll(List.of("-Dnacos.deployment.type=console", "-Dnacos.console.port=" + port));
        command.addAll(NacosHome.atAddress(host));
        command.addAll(List.of(distribution.mainClass(), home.configLocation()));
        return command;
    }

    /** Its address, the console's class path and the cluster's auth keys. */
    Map<String, String> environment() {
        Map<String, String> environment = NacosHome.environment(host, distribution.consoleClasspath());
        environment.putAll(authEnvironment);
        return environment;
    }

    private void fail(String cause) {
        process.kill();
        throw new LabException(LabException.FAILED, "the console (" + address() + ", " + distribution.version()
                + ") did not start: " + cause + "; its log: " + consoleLog());
    }
}
