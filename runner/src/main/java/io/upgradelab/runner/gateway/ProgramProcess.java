package io.upgradelab.runner.gateway;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ChildProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One {@link GatewayProgram} running as a child process of the lab: started, ready when it says so
 * (a backend once Nacos acknowledged its registration, a gateway once Spring is up), stopped by its PID.
 */
public final class ProgramProcess implements AutoCloseable {

    /** Spring and the Nacos client start in 10-20 s here; a busy 2-core machine doubles that. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    /** Spring closes its server and deregisters; the Nacos 3 client's shutdown can hang, so not long. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final ChildProcess process;
    private final String name;

    private ProgramProcess(ChildProcess process, String name) {
        this.process = process;
        this.name = name;
    }

    /**
     * Starts {@code program} as {@code name} in {@code directory} with {@code properties}, logging in to Nacos as
     * {@code login} where the cluster asks; returns once it printed its ready line.
     */
    public static ProgramProcess start(GatewayProgram program, String name, Path directory, Map<String, String> properties,
                                       Optional<NacosCredentials> login, Consumer<String> progress) {
        Path log = directory.resolve("console.log");
        ChildProcess child = ChildProcess.start(name, program.command(directory, properties),
                NacosCredentials.environment(login), directory, log);
        progress.accept(name + ": launched, pid " + child.pid() + ", log " + log);
        child.awaitReadyLine(program.readyLine(), Deadline.after(START_TIMEOUT));   // kills it when it is not ready
        return new ProgramProcess(child, name);
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** A crash: SIGKILL, nothing deregistered. */
    public void kill() {
        process.kill();
    }

    /** "spring-cloud-gateway (pid 1234)". */
    @Override
    public String toString() {
        return name + " (pid " + pid() + ")";
    }

    /** A graceful stop (SIGTERM, Spring deregisters), SIGKILL after a grace. */
    @Override
    public void close() {
        process.stop(STOP_GRACE);
    }
}
