package io.upgradelab.runner.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

/**
 * Progress lines on standard error, each stamped with the seconds since the command began, so a
 * person (or a CI log) sees what a long step is doing and how long it took.
 */
final class Progress implements Consumer<String> {

    private final PrintWriter err;
    private final long began = System.nanoTime();

    Progress(PrintWriter err) {
        this.err = err;
    }

    /** {@code [   12.3s] message}: seconds since {@code beganNanos}. */
    static String stamp(long beganNanos, String message) {
        return String.format("[%7.1fs] %s", (System.nanoTime() - beganNanos) / 1e9, message);
    }

    @Override
    public synchronized void accept(String message) {
        err.println(stamp(began, message));
        err.flush();
    }
}
