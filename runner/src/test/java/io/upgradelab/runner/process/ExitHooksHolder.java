package io.upgradelab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * A runner stand-in for ExitHooksTest, in a JVM of its own: starts a child ({@code sleep 600}),
 * registers an orderly stop that writes down whether the child is still alive when it runs, prints
 * {@code ready CHILD_PID} and waits for a signal. Should none come, it ends after ten minutes.
 */
public final class ExitHooksHolder {

    private ExitHooksHolder() {
    }

    public static void main(String[] args) throws InterruptedException {
        Path record = Path.of(args[0]);
        ChildProcess child = ChildProcess.start("sleeper", List.of("sleep", "600"), Map.of(), record.getParent(),
                record.resolveSibling("sleeper.log"));
        ExitHooks.beforeReaping(() -> {
            write(record, "orderly stop: child alive " + child.isAlive());
            try {
                Thread.sleep(1000);   // the reaper must still wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            write(record, "orderly stop: done, child alive " + child.isAlive());
        });
        System.out.println("ready " + child.pid());
        System.out.flush();
        Thread.sleep(600_000);
    }

    private static void write(Path record, String line) {
        try {
            Files.writeString(record, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
