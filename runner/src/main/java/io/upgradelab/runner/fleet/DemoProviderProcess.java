package io.upgradelab.runner.fleet;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.dubbo.DubboJvm;
import io.upgradelab.runner.dubbo.DubboProgram;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.EphemeralPorts;
import io.upgradelab.runner.process.ProcessAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A real Dubbo provider of the demo service (providers/demo-dubbo27 or demo-dubbo32, on one
 * nacos-client version) as a child process: the provider the probe calls. It takes part in a rolling
 * client upgrade like any other: stop it, start it on the other client version on the same port.
 */
public final class DemoProviderProcess implements AutoCloseable {

    private static final String READY = "demo provider ready";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    /** Dubbo's shutdown hook deregisters and waits for in-flight calls (10 s by default). */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final ChildProcess process;
    private final String clientVersion;
    private final int port;

    private DemoProviderProcess(ChildProcess process, String clientVersion, int port) {
        this.process = process;
        this.clientVersion = clientVersion;
        this.port = port;
    }

    /**
     * Starts a demo provider on nacos-client {@code client} (a version, or 1x / 2x) registering with
     * {@code servers} ({@code 127.0.0.1:8848,...}) and serving on 127.0.0.1:{@code port}, or at {@code address} (outside the
     * ephemeral port range, see {@link EphemeralPorts}); returns once it has exported the service.
     */
    public static DemoProviderProcess start(String client, String servers, int port, String application,
                                            Path directory, Consumer<String> progress) {
        return start(client, servers, Optional.empty(), ProcessAddress.DEFAULT, port, application, directory, progress);
    }

    /** As above, logging in as {@code login} when the cluster has auth on, serving and registering at {@code address}. */
    public static DemoProviderProcess start(String client, String servers, Optional<NacosCredentials> login,
                                            ProcessAddress address, int port, String application, Path directory,
                                            Consumer<String> progress) {
        return start(client, servers, login, address, port, application, "", directory, progress);
    }

    /** As above, its service in Dubbo service group {@code group} (none when empty), apart from other groups' consumers. */
    public static DemoProviderProcess start(String client, String servers, Optional<NacosCredentials> login,
                                            ProcessAddress address, int port, String application, String group,
                                            Path directory, Consumer<String> progress) {
        String version = ClientVersions.canonical(client);
        EphemeralPorts ephemeral = EphemeralPorts.ofThisMachine();
        if (ephemeral.contains(port)) {
            throw LabException.invalidInput("demo provider port " + port + " is in this machine's ephemeral port range ("
                    + ephemeral + "): after a crash, the probe reconnecting to it can take the port for itself and the"
                    + " provider could not come back; use a port below " + ephemeral.first());
        }
        List<String> command = command(version, directory, servers, port, application, group);
        Path log = directory.resolve("console.log");
        Map<String, String> environment = new HashMap<>(NacosCredentials.environment(login));
        environment.putAll(address.environment());
        ChildProcess child = ChildProcess.start("demo-provider-" + version + "-" + port, command, environment,
                directory, log);
        progress.accept("demo provider " + application + " (nacos-client " + version + ", " + address.withPort(port)
                + "): launched, pid " + child.pid() + ", log " + log);
        child.awaitReadyLine(READY, Deadline.after(START_TIMEOUT));
        return new DemoProviderProcess(child, version, port);
    }

    /**
     * The JVM command line of one demo provider on nacos-client {@code client}, registering at
     * {@code servers} as {@code application} and serving on {@code port}: how the runner starts one,
     * and how {@code upgrade-lab serve demo-provider} runs one in the lab image.
     */
    public static List<String> command(String client, Path directory, String servers, int port, String application) {
        return command(client, directory, servers, port, application, "");
    }

    /** {@link #command(String, Path, String, int, String)}, its service in Dubbo service group {@code group} (none when empty). */
    public static List<String> command(String client, Path directory, String servers, int port, String application,
                                       String group) {
        String version = ClientVersions.canonical(client);
        Map<String, String> dubbo = new HashMap<>(DubboProgram.onDubbo27(version) ? Map.of()
                // Dubbo 3: interface- and application-level registration; the metadata service on the same port
                : Map.of("dubbo.application.register-mode", "all",
                        "dubbo.application.metadata-service-port", Integer.toString(port)));
        dubbo.putAll(DubboJvm.serviceGroup(true, group));
        return DubboJvm.command(DubboProgram.DEMO_PROVIDER, version, directory, dubbo,
                "org.upgradelab.demo.provider.DemoProvider", List.of(servers, Integer.toString(port), application));
    }

    public long pid() {
        return process.pid();
    }

    /** Its nacos-client version, e.g. {@code 2.3.2}. */
    public String clientVersion() {
        return clientVersion;
    }

    public int port() {
        return port;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** A crash: SIGKILL, nothing deregistered. */
    public void kill() {
        process.kill();
    }

    /** A graceful stop: SIGTERM; Dubbo deregisters the provider before it exits. */
    @Override
    public void close() {
        process.stop(STOP_GRACE);
    }
}
