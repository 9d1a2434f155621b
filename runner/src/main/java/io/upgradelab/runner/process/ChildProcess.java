package io.upgradelab.runner.process;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A process the lab started, which cannot outlive the lab and binds nothing but loopback.
 *
 * <p>Every child runs with {@link LoopbackGuard}'s library preloaded, so a bind to the wildcard
 * address lands on 127.0.0.1 (Nacos binds gRPC and raft that way whatever it is told).
 *
 * <p>Three layers keep the first promise:
 * <ol>
 *   <li>the kernel: on Linux every child is exec'd through {@code setpriv --pdeathsig KILL}, so it
 *       receives SIGKILL the moment its parent dies, however the parent died (SIGKILL included);
 *       the parent-death signal follows the <em>thread</em> that forked, so every child is forked
 *       from one long-lived spawner thread that lives as long as the JVM;</li>
 *   <li>a JVM shutdown hook stops every child still alive on a normal exit or Ctrl-C;</li>
 *   <li>{@link #stop(Duration)} and {@link #kill()} for everything in between.</li>
 * </ol>
 * Output goes to a file, never to a pipe the lab must drain, so a dead or busy lab cannot block a
 * child on a full pipe.
 */
public final class ChildProcess {

    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();
    private static final ExecutorService SPAWNER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "upgrade-lab-spawner");
        t.setDaemon(true);
        return t;
    });
    private static final boolean SETPRIV = Files.isExecutable(Path.of("/usr/bin/setpriv"));
    /** How long a graceful stop waits before SIGKILL: a 1.4.1 Nacos node takes up to 30 s. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(40);

    static {
        ExitHooks.install();
    }

    private final String name;
    private final Process process;
    private final LogTail output;
    /** Output read but not yet looked at by {@link #awaitReadyLine}. */
    private final Deque<String> unread = new ArrayDeque<>();

    private ChildProcess(String name, Process process, LogTail output) {
        this.name = name;
        this.process = process;
        this.output = output;
    }

    /**
     * Starts {@code command} in {@code workDir} with stdout and stderr appended to {@code output}.
     *
     * @param name a short label for messages, e.g. {@code node-2}
     */
    public static ChildProcess start(String name, List<String> command, Map<String, String> environment,
                                     Path workDir, Path output) {
        LogTail tail = new LogTail(output);   // from here: what this process writes, not an earlier one
        return launch(name, command, environment, workDir,
                ProcessBuilder.Redirect.appendTo(output.toFile()), tail);
    }

    /**
     * Starts {@code command} in {@code workDir} with stdout and stderr on the lab's own: for a
     * process the lab runs in the foreground ({@code upgrade-lab serve}), whose log is the
     * container's. Nothing reads its output, so {@link #awaitReadyLine} does not apply.
     */
    public static ChildProcess startInForeground(String name, List<String> command, Map<String, String> environment,
                                                 Path workDir) {
        return launch(name, command, environment, workDir, ProcessBuilder.Redirect.INHERIT, null);
    }

    private static ChildProcess launch(String name, List<String> command, Map<String, String> environment,
                                       Path workDir, ProcessBuilder.Redirect output, LogTail tail) {
        List<String> argv = new ArrayList<>();
        if (SETPRIV) {
            argv.addAll(List.of("/usr/bin/setpriv", "--pdeathsig", "KILL", "--"));
        }
        argv.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(workDir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(output);
        builder.environment().putAll(environment);
        LoopbackGuard.library().ifPresent(library -> builder.environment().merge("LD_PRELOAD",
                library.toString(), (existing, ours) -> ours + ":" + existing));
        try {
            Process process = SPAWNER.submit(builder::start).get();
            ChildProcess child = new ChildProcess(name, process, tail);
            LIVE.add(child);
            process.onExit().thenRun(() -> LIVE.remove(child));
            return child;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? new UncheckedIOException(io) : new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting " + name, e);
        }
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    /** The file its output goes to; null for one started {@linkplain #startInForeground in the foreground}. */
    public Path output() {
        return output == null ? null : output.file();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit code, or -1 while it runs. */
    public int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    /**
     * Waits for the program's own "ready" line (the first containing {@code marker}) and returns it.
     * A program that exits first, or stays silent past the deadline, is killed and reported with the
     * reason and the last lines of its output.
     */
    public synchronized String awaitReadyLine(String marker, Deadline deadline) {
        if (output == null) {
            throw new IllegalStateException(name + " writes to the lab's own output: nothing reads its lines");
        }
        while (true) {
            unread.addAll(output.readNewLines());
            for (String line = unread.poll(); line != null; line = unread.poll()) {
                if (line.contains(marker)) {
                    return line;   // the lines after it stay for the next wait
                }
            }
            if (!isAlive() || deadline.hasPassed()) {
                String why = isAlive() ? "did not print '" + marker + "' " + deadline.describe()
                        : "exited with " + exitCode() + " before it was ready";
                kill();
                throw new LabException(LabException.FAILED, name + " (pid " + pid() + ") " + why,
                        output.file(), output.lastLines());
            }
            deadline.awaitNextPoll(Duration.ofMillis(200));
        }
    }

    /** Waits until the process exits by itself; false if it still runs after {@code timeout}. */
    public boolean awaitExit(Duration timeout) {
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        }
    }

    /** SIGTERM, then SIGKILL if it has not exited within {@code grace}. Returns once it is gone. */
    public void stop(Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        resume(); // a SIGSTOPped process would sit on SIGTERM until the grace runs out
        process.destroy();
        try {
            process.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            kill();
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }

    /** SIGKILL, as a crash would; returns once it is gone. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(name + " (pid " + pid() + ") did not die on SIGKILL", e);
        }
    }

    /** SIGINT: a program that handles it (wrk) stops its work and reports as it would at its end. */
    public void interrupt() {
        signal("INT");
    }

    /** SIGSTOP: the process freezes, its sockets stay open, as in a long GC pause or a hung host. */
    public void pause() {
        signal("STOP");
    }

    /** SIGCONT: undoes {@link #pause()}. */
    public void resume() {
        signal("CONT");
    }

    private void signal(String signal) {
        if (!process.isAlive()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid()))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid() + " failed: "
                        + new String(kill.getInputStream().readAllBytes()).trim());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The reaper's part of {@link ExitHooks}: every child still alive, stopped in parallel. */
    static void stopAllLive() {
        List<Thread> stoppers = new ArrayList<>();
        for (ChildProcess child : List.copyOf(LIVE)) {
            Thread t = new Thread(() -> child.stop(DEFAULT_GRACE), "stop-" + child.name);
            t.start();
            stoppers.add(t);
        }
        ExitHooks.joinAll(stoppers);
    }

    @Override
    public String toString() {
        return name + " (pid " + pid() + ")";
    }
}
