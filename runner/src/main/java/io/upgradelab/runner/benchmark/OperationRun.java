package io.upgradelab.runner.benchmark;

import io.upgradelab.journal.JtlFile;
import io.upgradelab.journal.LatencyHistograms;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.Registration;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import org.HdrHistogram.Histogram;

/**
 * One operation driven by {@code threads} threads per client, closed-loop (each thread waits for its
 * call's answer before the next, as the reference reports' load tools do), bounded in count and
 * time. Every call is timed from its start into a histogram of its thread, and written to the JTL;
 * a call that throws is counted by kind, never timed.
 */
final class OperationRun {

    /** A run's bounds: at most {@code count} calls (0: no bound, for register and deregister) within {@code time}. */
    record Bounds(long count, Duration time) {
    }

    /** What one operation did: see {@link io.upgradelab.journal.NamingBenchmark} for the fields. */
    record Result(long attempted, long succeeded, Map<String, Long> errors, double seconds, String stoppedBy,
                  Histogram micros) {
    }

    /** A thread that does not answer by then after the run is stopped is left (it is a daemon). */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final BenchmarkOperation operation;
    private final List<NamingClient> clients;
    private final List<List<Registration>> work;
    private final int threads;
    private final Bounds bounds;
    private final JtlFile jtl;
    private final BiConsumer<Integer, Registration> succeededOn;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicBoolean timeUp = new AtomicBoolean();
    private final AtomicLong issued = new AtomicLong();
    private final List<AtomicInteger> nextOfClient = new ArrayList<>();
    private final LongAdder attempted = new LongAdder();
    private final LongAdder succeeded = new LongAdder();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final AtomicInteger active = new AtomicInteger();

    /**
     * @param work        each client's instances: gone through once (register, deregister) or round
     *                    and round (query, heartbeat)
     * @param succeededOn told of each call that succeeded, with its client (the registered instances)
     */
    OperationRun(BenchmarkOperation operation, List<NamingClient> clients, List<List<Registration>> work, int threads,
                 Bounds bounds, JtlFile jtl, BiConsumer<Integer, Registration> succeededOn) {
        this.operation = operation;
        this.clients = clients;
        this.work = work;
        this.threads = threads;
        this.bounds = bounds;
        this.jtl = jtl;
        this.succeededOn = succeededOn;
        work.forEach(w -> nextOfClient.add(new AtomicInteger()));
    }

    /** Runs it; interrupted, it stops its threads, returns what they did ({@code interrupted}) and keeps the interrupt. */
    Result run() {
        ExecutorService pool = Executors.newFixedThreadPool(clients.size() * threads, daemonThreads());
        List<Future<Histogram>> futures = new ArrayList<>();
        long began = System.nanoTime();
        long deadline = began + bounds.time().toNanos();
        for (int c = 0; c < clients.size(); c++) {
            for (int t = 0; t < threads; t++) {
                int client = c;
                String name = "client-" + (c + 1) + "-thread-" + (t + 1);
                futures.add(pool.submit(() -> work(client, name, deadline)));
            }
        }
        boolean interrupted = false;
        Histogram micros = LatencyHistograms.empty();
        for (Future<Histogram> future : futures) {
            try {
                micros.add(interrupted ? future.get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS) : future.get());
            } catch (InterruptedException e) {
                interrupted = true;
                stop.set(true);
            } catch (Exception e) {
                errors.computeIfAbsent(kind(e), k -> new LongAdder()).increment();
            }
        }
        pool.shutdownNow();
        double seconds = (System.nanoTime() - began) / 1e9;
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new Result(attempted.sum(), succeeded.sum(), errorCounts(), seconds, stoppedBy(interrupted), micros);
    }

    private Histogram work(int client, String threadName, long deadline) {
        Histogram micros = LatencyHistograms.empty();
        while (!stop.get()) {
            if (System.nanoTime() >= deadline) {
                timeUp.set(true);
                break;
            }
            Registration instance = next(client);
            if (instance == null) {
                break;
            }
            call(client, instance, threadName, micros);
        }
        return micros;
    }

    private void call(int client, Registration instance, String threadName, Histogram micros) {
        long startMillis = System.currentTimeMillis();
        long start = System.nanoTime();
        active.incrementAndGet();
        String failureKind = null;
        String failure = null;
        try {
            operation.apply(clients.get(client), instance);
        } catch (Exception e) {
            failureKind = kind(e);
            failure = failureKind + ": " + e.getMessage();
            errors.computeIfAbsent(failureKind, k -> new LongAdder()).increment();
        }
        long tookMicros = (System.nanoTime() - start) / 1000;
        int inFlight = active.getAndDecrement();
        attempted.increment();
        if (failure == null) {
            succeeded.increment();
            micros.recordValue(Math.min(Math.max(tookMicros, 0), LatencyHistograms.HIGHEST_MICROS));
            succeededOn.accept(client, instance);
        }
        jtl.write(new JtlFile.Sample(startMillis, tookMicros / 1000, operation.fileName(),
                failure == null ? "200" : failureKind, failure == null,
                failure == null ? "OK" : failure, threadName, 0, inFlight));
    }

    /** The client's next instance, or null when its work (or the count) is done. */
    private Registration next(int client) {
        List<Registration> instances = work.get(client);
        if (operation.oncePerInstance()) {
            int i = nextOfClient.get(client).getAndIncrement();
            return i < instances.size() ? instances.get(i) : null;
        }
        if (instances.isEmpty() || bounds.count() > 0 && issued.getAndIncrement() >= bounds.count()) {
            return null;
        }
        return instances.get(Math.floorMod(nextOfClient.get(client).getAndIncrement(), instances.size()));
    }

    private String stoppedBy(boolean interrupted) {
        if (interrupted) {
            return "interrupted";
        }
        if (timeUp.get()) {
            return "time";
        }
        return operation.oncePerInstance() ? "done" : "count";
    }

    private Map<String, Long> errorCounts() {
        Map<String, Long> counts = new TreeMap<>();
        errors.forEach((kind, n) -> counts.put(kind, n.sum()));
        return counts;
    }

    /** A failure's kind: its exception's simple name, and Nacos's error code where the exception has one. */
    static String kind(Throwable e) {
        Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
        String name = cause.getClass().getSimpleName();
        try {
            return name + " " + cause.getClass().getMethod("getErrCode").invoke(cause);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e2) {
            return name;
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread thread = new Thread(r, "benchmark-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
