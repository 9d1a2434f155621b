package io.upgradelab.runner;

import java.time.Duration;

/**
 * The moment a wait gives up. Waits in the lab poll a real signal (a log line, an HTTP answer, a
 * member list) until it holds or the deadline passes; they never sleep blind.
 *
 * @param budget what the wait was given, for the message when it runs out
 */
public record Deadline(long atNanos, Duration budget) {

    public static Deadline after(Duration budget) {
        return new Deadline(System.nanoTime() + budget.toNanos(), budget);
    }

    public boolean hasPassed() {
        return System.nanoTime() >= atNanos;
    }

    /** Waits one polling interval (or less, near the deadline); Ctrl-C ends the wait. */
    public void awaitNextPoll(Duration interval) {
        long remaining = Math.max(0, atNanos - System.nanoTime());
        try {
            Thread.sleep(Math.min(interval.toMillis(), remaining / 1_000_000 + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        }
    }

    /** "within 180 s", for messages. */
    public String describe() {
        return "within " + budget.toSeconds() + " s";
    }
}
