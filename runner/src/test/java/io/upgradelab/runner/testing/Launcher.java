package io.upgradelab.runner.testing;

import io.upgradelab.runner.LabHome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The real {@code ./upgrade-lab} launcher run as a separate process, as a person or a CI job runs
 * it, with its output collected line by line.
 */
public final class Launcher implements AutoCloseable {

    private final Process process;
    private final List<String> out = new ArrayList<>();
    private final List<String> err = new ArrayList<>();

    private Launcher(Process process) {
        this.process = process;
        collect(process.getInputStream(), out);
        collect(process.getErrorStream(), err);
    }

    /**
     * Starts {@code upgrade-lab args...}; its standard input stays open until {@link #close()}. It
     * takes SIGINT and SIGTERM as from a terminal whatever the build was started from: a shell's
     * background job ignores SIGINT, the JVM leaves ignored what it finds ignored, and a test of
     * Ctrl-C would then test nothing. {@code env} execs the launcher, which execs the JVM: one PID.
     */
    public static Launcher start(String... args) throws IOException {
        return start(java.util.Map.of(), args);
    }

    /** {@link #start(String...)} with {@code environment} added to this JVM's: where a command reads its secrets. */
    public static Launcher start(java.util.Map<String, String> environment, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
        command.add(LabHome.root().resolve("upgrade-lab").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        return new Launcher(builder.start());
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    /** Waits for a line of standard output matching {@code condition} and returns it. */
    public String awaitOutLine(Predicate<String> condition, Duration timeout) {
        awaitUntil("a matching line of output", timeout, Duration.ofMillis(200), () -> find(out, condition).isPresent());
        return find(out, condition).orElseThrow();
    }

    /**
     * Waits until {@code condition} holds while upgrade-lab runs. A wait that fails says, on its first
     * line, what the run was doing: a CI log shows little more than that line.
     */
    public void awaitUntil(String what, Duration timeout, Callable<Boolean> condition) {
        awaitUntil(what, timeout, Duration.ofSeconds(1), condition);
    }

    private void awaitUntil(String what, Duration timeout, Duration poll, Callable<Boolean> condition) {
        AtomicBoolean held = new AtomicBoolean();
        try {
            Awaitility.await().atMost(timeout).pollInterval(poll)
                    .until(() -> {
                        held.set(condition.call());
                        return held.get() || !process.isAlive();
                    });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(what + ": not within " + timeout + "; upgrade-lab's last lines: " + lastLines(6)
                    + "\n" + this, e);
        }
        if (!held.get() && !holds(condition)) {   // once more: its last lines may be read after it exited
            throw new AssertionError(what + ": upgrade-lab exited first; its last lines: " + lastLines(6) + "\n" + this);
        }
    }

    private static boolean holds(Callable<Boolean> condition) {
        try {
            return condition.call();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The last {@code count} lines of standard output and error, on one line. */
    public synchronized String lastLines(int count) {
        List<String> lines = new ArrayList<>(out.subList(Math.max(0, out.size() - count), out.size()));
        lines.addAll(err.subList(Math.max(0, err.size() - count), err.size()));
        return lines.isEmpty() ? "(none)" : String.join(" | ", lines);
    }

    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("upgrade-lab did not exit within " + timeout + ": " + this);
        }
        return process.exitValue();
    }

    public synchronized List<String> err() {
        return List.copyOf(err);
    }

    public synchronized List<String> out() {
        return List.copyOf(out);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    @Override
    public synchronized String toString() {
        return "exit " + (process.isAlive() ? "(running)" : process.exitValue())
                + "\n--- stdout\n" + String.join("\n", out) + "\n--- stderr\n" + String.join("\n", err);
    }

    private synchronized Optional<String> find(List<String> lines, Predicate<String> condition) {
        return lines.stream().filter(condition).findFirst();
    }

    private void collect(InputStream stream, List<String> into) {
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    synchronized (this) {
                        into.add(line);
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "launcher-output");
        reader.setDaemon(true);
        reader.start();
    }
}
