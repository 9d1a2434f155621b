package io.upgradelab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The threads of a JVM that hangs, written beside its log before it is killed: a node that writes
 * nothing for minutes leaves no other trace of where it waited, and a CI run shows only the message.
 * Taken with the {@code jcmd} of the JDK running the lab, bounded in time; a JVM that cannot answer
 * (paused, already gone) yields nothing rather than a failure of its own.
 */
public final class ThreadDump {

    private static final long TIMEOUT_SECONDS = 20;

    private final Path file;
    private final List<String> lines;

    private ThreadDump(Path file, List<String> lines) {
        this.file = file;
        this.lines = lines;
    }

    /** Asks JVM {@code pid} for its threads and writes them to {@code file}; empty when it could not. */
    public static Optional<ThreadDump> take(long pid, Path file) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return Optional.empty();
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true).redirectOutput(file.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return p.exitValue() == 0 ? Optional.of(new ThreadDump(file, Files.readAllLines(file))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Reads a dump {@code jcmd Thread.print} wrote. */
    public static ThreadDump of(Path file, List<String> lines) {
        return new ThreadDump(file, List.copyOf(lines));
    }

    public Path file() {
        return file;
    }

    /**
     * The first {@code frames} frames of the thread named {@code name} ("main" for a JVM still in its
     * start-up), as "a.b.C.method(File.java:12) < ..."; empty when the dump has no such thread.
     */
    public Optional<String> top(String name, int frames) {
        String header = "\"" + name + "\"";
        List<String> found = new ArrayList<>();
        boolean inThread = false;
        for (String line : lines) {
            if (line.startsWith(header)) {
                inThread = true;
            } else if (inThread && line.isBlank()) {
                break;
            } else if (inThread && line.trim().startsWith("at ") && found.size() < frames) {
                found.add(line.trim().substring(3));
            }
        }
        return found.isEmpty() ? Optional.empty() : Optional.of(String.join(" < ", found));
    }
}
