package io.upgradelab.runner.fleet;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.SetUp;
import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.ProcessAddress;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import io.upgradelab.journal.registry.RegistryLog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.upgradelab.demo.ControlToken;

/**
 * The provider fleet (providers/fleet) as a process of its own, driven over its loopback control
 * channel. Why a separate JVM: its CPU and memory are measured apart from the runner's, and a fleet
 * that runs out of memory at 14000 providers cannot take the runner with it.
 *
 * <p>Operations return once the fleet has accepted them; {@link #awaitIdle} waits until every
 * accepted operation is done.
 */
public final class FleetProcess implements Fleet {

    private static final Duration POLL = Duration.ofMillis(250);
    /** What the fleet prints once its control channel listens: {@code fleet control on ADDRESS:PORT}. */
    private static final String READY = "fleet control on ";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    /**
     * nacos-client's SecurityProxy (1.4.1 and 2.0.4 alike) logs a login that fails on a connection
     * error with the form it sent, password included ("login http request failed ... bodyMap:
     * {password=...}"), which happens whenever a node is down, as in every rolling server upgrade;
     * from 2.2 the login moved to client.auth. The library cannot be changed; those loggers are
     * turned off in the fleet (whose console log is in the run directory), for every client
     * version under its relocated name (see shading/pom.xml).
     */
    static final List<String> SILENCED = List.of("com.alibaba.nacos.client.security", "com.alibaba.nacos.client.auth");

    private final ChildProcess process;
    private final FleetControl control;
    private final Path log;

    private FleetProcess(ChildProcess process, URI control, ControlToken token, Path log) {
        this.process = process;
        this.log = log;
        this.control = new FleetControl(control, token, process.output());
    }

    /**
     * {@link #start(FleetSettings, ControlToken, Path, Consumer)} with a token of its own: for a fleet
     * that is the only process its caller controls (a test, a benchmark).
     */
    public static FleetProcess start(FleetSettings settings, Path directory, Consumer<String> progress) {
        return start(settings, ControlToken.generate(), directory, progress);
    }

    /**
     * Starts a fleet for the Nacos nodes {@code servers} ({@code 127.0.0.11:8848,...}) in {@code directory}
     * (its user.home, caches and console log), answering the run's control token {@code token}
     * alone, and returns once its control channel answers.
     */
    public static FleetProcess start(FleetSettings settings, ControlToken token, Path directory,
                                     Consumer<String> progress) {
        Path log = directory.resolve("console.log");
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot prepare " + directory + ": " + e);
        }
        ChildProcess child = ChildProcess.start("fleet", command(settings, directory),
                environment(settings, token), directory, log);
        progress.accept("fleet: launched, pid " + child.pid() + ", log " + log);
        String ready = child.awaitReadyLine(READY, Deadline.after(START_TIMEOUT));
        FleetProcess fleet = new FleetProcess(child, ProcessAddress.controlUri(ready), token, log);
        fleet.status();   // answers, or fails here with a message
        return fleet;
    }

    /**
     * The login when the cluster has auth on, the fleet's address, and the run's control token: in
     * the environment, never on the command line, which every user of the machine reads.
     */
    static Map<String, String> environment(FleetSettings settings, ControlToken token) {
        Map<String, String> all = new HashMap<>(NacosCredentials.environment(settings.login()));
        all.putAll(settings.address().environment());
        all.putAll(token.environment());
        return all;
    }

    public long pid() {
        return process.pid();
    }

    /** Its console log: the fleet's own lines and its Nacos clients' warnings and errors. */
    @Override
    public Optional<Path> log() {
        return Optional.of(log);
    }

    @Override
    public SetUp.Placement whereItRuns() {
        return SetUp.Placement.process(pid());
    }

    /** Grows or shrinks to {@code providers}; new providers register through clients of version {@code client}. */
    @Override
    public void scaleTo(int providers, double perSecond, String client) {
        control.scaleTo(providers, perSecond, client);
    }

    /** Crashes the {@code processes} highest-numbered virtual processes (no deregistration). */
    public void crashProcesses(int processes) {
        control.crashProcesses(processes);
    }

    @Override
    public void upgradeBatch(int batch, int batches, String client, double perSecond) {
        control.upgradeBatch(batch, batches, client, perSecond);
    }

    @Override
    public FleetStatus status() {
        return control.status();
    }

    @Override
    public FleetRegistrations registrations() {
        return control.registrations();
    }

    /** Waits until every accepted operation has finished, and returns the state then. */
    @Override
    public FleetStatus awaitIdle(Duration timeout) {
        Deadline deadline = Deadline.after(timeout);
        for (FleetStatus status = status(); ; status = status()) {
            if (!status.busy()) {
                return status;
            }
            if (deadline.hasPassed()) {
                throw new LabException(LabException.FAILED, "the fleet is still busy " + deadline.describe()
                        + ": " + status.totalProviders() + " of " + status.target() + " providers");
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    /** Deregisters every provider, then stops the process (killed if it takes over a minute). */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                control.stop();
            } catch (LabException e) {
                // not answering: stopping the process below is all that is left
            }
            process.stop(Duration.ofSeconds(60));
        }
    }

    private static List<String> command(FleetSettings settings, Path directory) {
        return command(settings.maxHeap(), directory, List.of(
                "--servers", settings.servers(),
                "--services", Integer.toString(settings.services()),
                "--providers-per-client", Integer.toString(settings.providersPerClient()),
                "--first-port", Integer.toString(settings.firstPort()),
                "--beat-threads", Integer.toString(settings.beatThreads()),
                "--registry-log", directory.resolve(RegistryLog.NAME).toString()));
    }

    /**
     * The fleet JVM's command line, with {@code maxHeap}, keeping its user.home and client logs in
     * {@code directory}, given {@code fleetArguments} as {@code provider-fleet} takes them (its
     * {@code --help} says which): how the runner starts a fleet, and how {@code upgrade-lab serve fleet}
     * runs one in the lab image.
     */
    public static List<String> command(String maxHeap, Path directory, List<String> fleetArguments) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap, "-XX:+UseSerialGC",
                "-cp", classpath(),
                "-Duser.home=" + directory.resolve("user-home"),
                "-DJM.LOG.PATH=" + directory.resolve("logs"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-Dorg.slf4j.simpleLogger.showDateTime=true"));
        command.addAll(silenced(ClientDistributions.scan(LabHome.clientDistributions())));
        command.add("io.upgradelab.providers.fleet.FleetMain");
        command.addAll(fleetArguments);
        return command;
    }

    /** slf4j-simple settings that turn off {@link #SILENCED} (and the packages below) in every client version. */
    static List<String> silenced(ClientDistributions clients) {
        return clients.all().stream().flatMap(c -> SILENCED.stream()
                .map(logger -> "-Dorg.slf4j.simpleLogger.log." + c.shadedPrefix() + "." + logger + "=off")).toList();
    }

    /** The fleet jar and its runtime classpath, laid out by the build (providers/fleet/target in a checkout). */
    private static String classpath() {
        Path target = LabHome.built("providers/fleet");
        Path jar = target.resolve("provider-fleet.jar");
        if (!Files.isRegularFile(jar)) {
            throw new LabException(LabException.FAILED, jar + " is missing: build with ./mvnw -q package -DskipTests");
        }
        return jar + ":" + target.resolve("lib") + "/*";
    }
}
