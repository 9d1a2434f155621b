package io.upgradelab.probe;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Calls a {@link ProbeTarget} at a fixed rate and accounts for every call.
 *
 * <p>Open model: call i is due at start + i / rate whatever happened to call i-1, so a provider
 * that stalls does not slow the probe down and hide the stall. The scheduler thread starts each
 * call itself, asynchronously (a hand-off to another thread would cost more CPU than the start of
 * a call does); should the client ever block while starting one, the calls due meanwhile start
 * late, and their latency, counted from when they were due, shows it. A call the client never
 * ends is ended by the probe at timeout plus a grace period, as a timeout, so every call is
 * accounted for and the run ends in bounded time.
 */
public final class Probe {

    /** After the client's timeout, how long the probe waits before ending a call itself. */
    private static final Duration GRACE = Duration.ofSeconds(2);

    private final ProbeTarget target;
    private final ProbeSettings settings;
    private final String client;
    private final List<ProbeOutput> outputs;
    private final long watchdogNanos;
    /** Calls started and not yet ended, by due time (unique: the scheduler's clock only moves on). */
    private final Map<Long, CompletableFuture<Object>> pending = new ConcurrentHashMap<>();
    private final Ledger ledger = new Ledger();
    private final Timings timings = new Timings();
    private final CpuClock cpu = new CpuClock();
    private volatile boolean stopRequested;
    private volatile Thread scheduler;

    private long startNanos;
    private long startEpochMillis;
    private long seconds;

    public Probe(ProbeTarget target, ProbeSettings settings, String client, List<ProbeOutput> outputs) {
        this.target = target;
        this.settings = settings;
        this.client = client;
        this.outputs = List.copyOf(outputs);
        this.watchdogNanos = settings.timeout().plus(GRACE).toNanos();
    }

    /** Ends scheduling early; {@link #run} then lets the calls in flight end and returns. */
    public void stop() {
        stopRequested = true;
        Thread thread = scheduler;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /** Calls for the configured duration (or until {@link #stop}), then returns the run's summary. */
    public ProbeSummary run() {
        scheduler = Thread.currentThread();
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(daemon("probe-clock"));
        startNanos = System.nanoTime();
        startEpochMillis = System.currentTimeMillis();
        cpu.reset();
        double cpuAtStart = cpu.processNanos();
        clock.scheduleAtFixedRate(this::closeSecond, 1, 1, TimeUnit.SECONDS);

        long callingNanos = schedule();
        double cpuWhileCalling = 100.0 * (cpu.processNanos() - cpuAtStart) / Math.max(1, System.nanoTime() - startNanos);
        awaitCallsInFlight();
        clock.shutdown();
        awaitQuietly(clock);
        closeSecond();

        ProbeSummary summary = ProbeSummary.of(client, target.label(), settings.rate(),
                Instant.ofEpochMilli(startEpochMillis), Instant.now(), callingNanos / 1e9, ledger.totals(),
                timings.totalLatency(), timings.totalLag(), round(cpuWhileCalling));
        outputs.forEach(output -> output.finished(summary));
        return summary;
    }

    /** Dispatches recorded calls until the duration is over or a stop is asked; returns how long it did. */
    private long schedule() {
        return atFixedRate(startNanos, settings.duration(), due -> {
            ledger.scheduled();
            for (ProbeOutput output : outputs) {
                output.scheduled();
            }
            start(due);
        });
    }

    /**
     * Runs {@code onDue} for each due time, start + i / rate, until {@code duration} is over or a
     * stop is asked; returns how long it ran, in nanoseconds.
     */
    private long atFixedRate(long start, Duration duration, LongConsumer onDue) {
        long end = start + duration.toNanos();
        double period = settings.periodNanos();
        for (long i = 0; !stopRequested; i++) {
            long due = start + (long) (i * period);
            if (due - end >= 0) {
                return end - start;
            }
            for (long wait = due - System.nanoTime(); wait > 0 && !stopRequested; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(this, wait);
            }
            if (!stopRequested) {
                onDue.accept(due);
            }
        }
        return System.nanoTime() - start;
    }

    /**
     * Calls at the configured rate for {@code duration} and records nothing: the client's code is
     * compiled by the JIT before the recorded schedule starts, so the probe's own warm-up does not
     * show as lag or latency of the system under test, nor as the probe's CPU while it measures.
     */
    public WarmUp warmUp(Duration duration) {
        scheduler = Thread.currentThread();
        Ledger warm = new Ledger();   // books of its own: none of these calls is part of the run's
        atFixedRate(System.nanoTime(), duration, due -> {
            warm.scheduled();
            try {
                target.call().whenComplete((answer, failure) -> warm.ended(outcomeOf(failure)));
            } catch (Throwable failure) {
                warm.ended(outcomeOf(failure));
            }
        });
        warm.awaitNoneInFlight(Duration.ofNanos(watchdogNanos));
        CallCounts totals = warm.totals();
        return new WarmUp(totals.success(), totals.ended() - totals.success(), totals.inFlight());
    }

    /** What the warm-up calls did; none of them is part of the run's books. */
    public record WarmUp(long answered, long failed, long unanswered) {
    }

    private void start(long due) {
        timings.recordLag((System.nanoTime() - due) / 1000);
        CompletableFuture<Object> call = new CompletableFuture<>();
        pending.put(due, call);
        call.whenComplete((answer, failure) -> {
            pending.remove(due);
            end(due, answer, failure);
        });
        try {
            target.call().whenComplete((answer, failure) -> {
                if (failure != null) {
                    call.completeExceptionally(failure);
                } else {
                    call.complete(answer);
                }
            });
        } catch (Throwable failure) {
            call.completeExceptionally(failure);
        }
    }

    /** The watchdog, on the clock's thread: ends every call still unanswered at timeout plus grace. */
    private void endOverdueCalls() {
        long now = System.nanoTime();
        pending.forEach((due, call) -> {
            if (now - due > watchdogNanos) {
                call.completeExceptionally(new TimeoutException("no answer " + watchdogNanos / 1_000_000
                        + " ms after it was due; ended by the probe"));
            }
        });
    }

    private void end(long due, Object answer, Throwable failure) {
        long latencyMicros = (System.nanoTime() - due) / 1000;
        CallOutcome outcome = outcomeOf(failure);
        timings.recordLatency(latencyMicros);
        long inFlight = ledger.ended(outcome);
        long intendedMillis = startEpochMillis + (due - startNanos) / 1_000_000;
        CompletedCall call = new CompletedCall(intendedMillis, latencyMicros, outcome,
                answer == null ? 0 : answer.toString().length(), inFlight, answer == null ? "" : target.answeredBy(answer));
        for (ProbeOutput output : outputs) {
            output.ended(call);
        }
    }

    private void closeSecond() {
        endOverdueCalls();
        CallCounts[] counts = ledger.closeSecond();
        Timings.Interval timed = timings.closeSecond();
        seconds++;
        ProbeSecond second = new ProbeSecond(seconds, Instant.now(), counts[0], counts[1], timed.latency(), timed.lag(),
                round(cpu.percentSinceLast()), timed.latencyHistogram());
        for (ProbeOutput output : outputs) {
            output.second(second);
        }
    }

    /** Every call ends within timeout + grace (+ up to a second for the watchdog) of being due; this waits that long at most. */
    private void awaitCallsInFlight() {
        ledger.awaitNoneInFlight(Duration.ofNanos(watchdogNanos).plusSeconds(2));
    }

    private CallOutcome outcomeOf(Throwable failure) {
        return failure == null ? CallOutcome.success() : target.classify(unwrap(failure));
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof java.util.concurrent.CompletionException
                || t instanceof java.util.concurrent.ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static void awaitQuietly(ExecutorService executor) {
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** This process's CPU time, per second and overall. */
    private static final class CpuClock {
        private final com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private long lastCpu;
        private long lastWall;

        void reset() {
            lastCpu = os.getProcessCpuTime();
            lastWall = System.nanoTime();
        }

        double processNanos() {
            return os.getProcessCpuTime();
        }

        synchronized double percentSinceLast() {
            long cpuNow = os.getProcessCpuTime();
            long wallNow = System.nanoTime();
            double percent = 100.0 * (cpuNow - lastCpu) / Math.max(1, wallNow - lastWall);
            lastCpu = cpuNow;
            lastWall = wallNow;
            return percent;
        }
    }
}
