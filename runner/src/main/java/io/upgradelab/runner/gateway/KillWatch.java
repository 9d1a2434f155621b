package io.upgradelab.runner.gateway;

import io.upgradelab.journal.JtlFile;
import io.upgradelab.runner.process.LogTail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * What one consumer stack felt when an instance died under it, and when a new one came: its calls, each with when it
 * started and ended, whether it failed and which instance answered, read either from a steady caller through the
 * consumer (a gateway's URL, {@link HttpCaller}) or from the probe's JTL, whose URL column names the provider that
 * answered ({@link #fromJtl}). From those, the figures issue 36 asks per stack: how long it kept calling the dead
 * instance (the last failure after the kill), how many calls failed, and how long it took to reach a new one.
 */
public final class KillWatch {

    private static final long POLL_MILLIS = 250;
    private static final Duration POLL = Duration.ofMillis(POLL_MILLIS);

    /** One call: when it started and ended (epoch milliseconds), whether it failed, and who answered (may be empty). */
    public record Call(long startMillis, long endMillis, boolean failed, String backend) {
    }

    /**
     * The figures of one consumer through one kill.
     *
     * @param calls             the calls started after the kill
     * @param errors            of them, those that failed
     * @param secondsToStop     from the kill to the end of its last failed call: how long it kept calling the dead
     *                          instance; 0 when none failed
     * @param deadAnsweredAfter calls the dead instance answered after the kill (it cannot: a non-zero figure is a
     *                          wrong kill or a wrong answer)
     * @param settled           whether its calls since the last failure (or the kill) span the settle time
     */
    public record Flap(int calls, int errors, double secondsToStop, int deadAnsweredAfter, boolean settled) {

        /** The figures of {@code calls} for a kill of {@code dead} at {@code killedAtMillis}, settled after {@code settle}. */
        public static Flap of(List<Call> calls, long killedAtMillis, String dead, Duration settle) {
            List<Call> after = calls.stream().filter(c -> c.startMillis() >= killedAtMillis).toList();
            long lastFailureEnd = after.stream().filter(Call::failed).mapToLong(Call::endMillis).max().orElse(-1);
            long quietFrom = Math.max(killedAtMillis, lastFailureEnd);
            long lastStart = after.stream().mapToLong(Call::startMillis).max().orElse(killedAtMillis);
            int errors = (int) after.stream().filter(Call::failed).count();
            int deadAnswered = (int) after.stream().filter(c -> !c.failed() && dead.equals(c.backend())).count();
            double toStop = lastFailureEnd < 0 ? 0 : (lastFailureEnd - killedAtMillis) / 1000.0;
            return new Flap(after.size(), errors, toStop, deadAnswered, lastStart - quietFrom >= settle.toMillis());
        }
    }

    private KillWatch() {
    }

    /**
     * The probe's calls in its JTL at {@code jtl}, as far as it has flushed them (none before its first second): each
     * call of the supplier reads only the rows appended since the last, so a watch that polls it every
     * {@value #POLL_MILLIS} ms parses each row once.
     */
    public static Supplier<List<Call>> fromJtl(Path jtl) {
        LogTail tail = LogTail.fromStart(jtl);
        List<Call> calls = new ArrayList<>();
        return () -> {
            synchronized (calls) {
                for (String row : tail.readNewLines()) {
                    try {
                        JtlFile.parseRow(row).ifPresent(s -> calls.add(new Call(s.timeStamp(), s.endMillis(),
                                !s.success(), s.url())));
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + jtl, e);
                    }
                }
                return List.copyOf(calls);
            }
        };
    }

    /**
     * Reads {@code calls} until they settle after a kill of {@code dead} at {@code killedAtMillis} (no failure for
     * {@code settle}), or {@code bound} has passed since the kill; the figures as they then stand.
     */
    public static Flap awaitSettled(Supplier<List<Call>> calls, long killedAtMillis, String dead, Duration settle,
                                    Duration bound) throws InterruptedException {
        while (true) {
            Flap flap = Flap.of(calls.get(), killedAtMillis, dead, settle);
            if (flap.settled() || System.currentTimeMillis() - killedAtMillis >= bound.toMillis()) {
                return flap;
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /**
     * Seconds from {@code sinceMillis} (a new instance registered) to the end of the first call {@code backend}
     * answered after it: how long the consumer took to route to a new instance; empty when none did.
     */
    public static OptionalDouble secondsToFirstAnswer(List<Call> calls, String backend, long sinceMillis) {
        return calls.stream().filter(c -> c.startMillis() >= sinceMillis && !c.failed() && backend.equals(c.backend()))
                .mapToLong(Call::endMillis).min().stream().mapToDouble(end -> (end - sinceMillis) / 1000.0).findFirst();
    }

    /** Reads {@code calls} until {@code backend} answered one started after {@code sinceMillis}, or {@code bound}. */
    public static OptionalDouble awaitFirstAnswer(Supplier<List<Call>> calls, String backend, long sinceMillis,
                                                  Duration bound) throws InterruptedException {
        while (true) {
            OptionalDouble seconds = secondsToFirstAnswer(calls.get(), backend, sinceMillis);
            if (seconds.isPresent() || System.currentTimeMillis() - sinceMillis >= bound.toMillis()) {
                return seconds;
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /**
     * Calls a URL through a consumer (a gateway) at a steady pace on a thread of its own, each call recorded as a
     * {@link Call} naming the backend that answered ({@link DemoCall#BACKEND_HEADER}); stops when closed or once
     * {@code bound} has passed, whichever comes first, so it never outlives its watch.
     */
    public static final class HttpCaller implements AutoCloseable {

        private final List<Call> calls = new ArrayList<>();
        private final Thread thread;
        private volatile boolean stopped;

        private HttpCaller(String url, Duration interval, Duration bound) {
            long deadline = System.nanoTime() + bound.toNanos();
            thread = new Thread(() -> callUntilStopped(url, interval, deadline), "kill-watch " + url);
            thread.setDaemon(true);
            thread.start();
        }

        /** Starts calling {@code url} every {@code interval}, for at most {@code bound}. */
        public static HttpCaller start(String url, Duration interval, Duration bound) {
            return new HttpCaller(url, interval, bound);
        }

        /** The calls ended so far. */
        public synchronized List<Call> calls() {
            return List.copyOf(calls);
        }

        private void callUntilStopped(String url, Duration interval, long deadlineNanos) {
            HttpClient http = DemoCall.client();
            try {
                while (!stopped && System.nanoTime() < deadlineNanos) {
                    long start = System.currentTimeMillis();
                    DemoCall call = DemoCall.get(http, url);
                    Call done = new Call(start, System.currentTimeMillis(), call.status() != 200, call.backend());
                    synchronized (this) {
                        calls.add(done);
                    }
                    Thread.sleep(interval.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            stopped = true;
            thread.interrupt();
            try {
                thread.join(Duration.ofSeconds(10).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
