package io.upgradelab.runner.process;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lab's one JVM shutdown hook, so that a signal's work happens in order: first the orderly stops
 * (a run's tear-down, which asks the probe for its summary and journals it), then the reaper, which
 * stops every child process still alive. The JVM runs separate hooks concurrently: with two, the
 * reaper would stop the probe while the tear-down was still asking it for its books.
 */
public final class ExitHooks {

    private static final Set<Runnable> ORDERLY = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ExitHooks::onExit, "upgrade-lab-exit"));
    }

    private ExitHooks() {
    }

    /** Registers {@code stop} to run on a signal, before any child is reaped; close the result to withdraw it. */
    public static Registration beforeReaping(Runnable stop) {
        ORDERLY.add(stop);
        return () -> ORDERLY.remove(stop);
    }

    /** Makes sure the hook is installed (the reaper's part needs nothing else). */
    static void install() {
        // the static initialiser has run
    }

    private static void onExit() {
        List<Thread> stops = new ArrayList<>();
        for (Runnable stop : List.copyOf(ORDERLY)) {
            Thread t = new Thread(stop, "upgrade-lab-orderly-stop");
            t.start();
            stops.add(t);
        }
        joinAll(stops);
        ChildProcess.stopAllLive();
    }

    static void joinAll(List<Thread> threads) {
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** A registered stop; closing it withdraws the stop (the work ended without a signal). */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
