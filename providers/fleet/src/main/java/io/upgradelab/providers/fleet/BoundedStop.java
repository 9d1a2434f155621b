package io.upgradelab.providers.fleet;

import io.upgradelab.journal.StopReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Stops providers the way the published run shrank its load ("stop the pressure batches started
 * last") against a server that may no longer answer: each provider is deregistered, paced, until a
 * deadline; whatever is not deregistered by then is left for the server to expire by its own
 * heartbeat timeout (a 1.x client that closes stops beating; a 2.x connection that closes ends its
 * instances). So a shrink, a client batch or a tear-down always ends within its budget.
 *
 * <p>A 1.x client's deregistration can block for minutes on a saturated cluster (a 50 s read
 * timeout, tried on each node), so the calls run on threads of their own that are abandoned at the
 * deadline, never waited for.
 */
final class BoundedStop {

    /** Parallel deregistrations: as many as the fleet registers with. */
    private static final int THREADS = 16;
    /** How long closing the stopped processes' clients may take, after the deadline. */
    private static final Duration CLIENT_SHUTDOWN = Duration.ofSeconds(30);

    private BoundedStop() {
    }

    /**
     * Providers to deregister from one process; {@code closeClient} when the process stops as a
     * whole (its client closes afterwards), false when it keeps running with fewer providers.
     */
    record Removal(VirtualProcess process, List<Provider> providers, boolean closeClient) {
    }

    /**
     * The budget for deregistering {@code count} providers at {@code perSecond}: twice the paced
     * time, plus 30 s for a server that answers slowly.
     */
    static Duration budget(int count, double perSecond) {
        return Duration.ofMillis(Math.round(2000.0 * count / perSecond)).plusSeconds(30);
    }

    /** Deregisters what {@code removals} name, at most {@code perSecond}, until {@code budget} has passed. */
    static StopReport run(List<Removal> removals, double perSecond, Duration budget, ErrorCounter errors) {
        return run(removals, perSecond, budget, errors, RegistryRecord.NONE, report -> { });
    }

    /**
     * {@link #run(List, double, Duration, ErrorCounter)}, writing each provider's end to {@code record}
     * (deregistered when confirmed, else left to expire, once), telling {@code progress} how far it got after
     * each deregistration that ends (confirmed or failed): a stop takes up to its budget, minutes for
     * thousands of providers, and whoever waits on the fleet must see it advance meanwhile, not a count
     * that dropped at once and then nothing until the end.
     */
    static StopReport run(List<Removal> removals, double perSecond, Duration budget, ErrorCounter errors,
                          RegistryRecord record, Consumer<StopReport> progress) {
        java.util.Set<Provider> written = java.util.concurrent.ConcurrentHashMap.newKeySet();
        long start = System.nanoTime();
        long deadline = start + budget.toNanos();
        AtomicInteger deregistered = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>("");
        int total = removals.stream().mapToInt(r -> r.providers().size()).sum();
        AtomicBoolean ended = new AtomicBoolean();   // no progress told once the final report is made
        Runnable told = () -> {
            if (!ended.get()) {
                progress.accept(new StopReport(total, deregistered.get(), failed.get(), total - deregistered.get(), 0,
                        firstError.get(), Math.round((System.nanoTime() - start) / 1e6) / 1e3));
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> Fleet.daemon(r, "fleet-stop"));
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        int requested = 0;
        try {
            for (Removal removal : removals) {
                for (Provider provider : removal.providers()) {
                    long due = start + (long) (requested++ * 1e9 / perSecond);
                    calls.add(CompletableFuture.runAsync(() -> {
                        if (!awaitUntil(due, deadline)) {
                            return;   // its slot is past the deadline: left to expire
                        }
                        java.time.Instant asked = java.time.Instant.now();
                        try {
                            removal.process().client().deregister(provider.registration());
                            deregistered.incrementAndGet();
                            if (written.add(provider)) {
                                record.deregistered(removal.process(), provider, asked);
                            }
                        } catch (Exception e) {
                            if (written.add(provider)) {
                                record.leftToExpire(removal.process(), provider, asked);
                            }
                            failed.incrementAndGet();
                            String message = "deregister " + provider.serviceName() + " @" + provider.port() + ": "
                                    + ErrorCounter.describe(e);
                            firstError.compareAndSet("", message);
                            errors.clientError(message);
                        }
                        told.run();
                    }, pool));
                }
            }
            awaitAll(calls, deadline);
        } finally {
            pool.shutdownNow();   // calls still blocked on the server are abandoned, not awaited
        }
        ended.set(true);
        java.time.Instant began = java.time.Instant.now().minusNanos(System.nanoTime() - start);
        removals.forEach(r -> r.providers().stream().filter(written::add)
                .forEach(p -> record.leftToExpire(r.process(), p, began)));   // abandoned at the deadline
        int confirmed = deregistered.get();   // one reading: a call abandoned at the deadline may still end later
        int clientsClosed = closeClients(removals, errors);
        return new StopReport(requested, confirmed, failed.get(), requested - confirmed, clientsClosed,
                firstError.get(), Math.round((System.nanoTime() - start) / 1e6) / 1e3);
    }

    /** Closes the clients of processes that stopped as a whole, together, within {@link #CLIENT_SHUTDOWN}. */
    private static int closeClients(List<Removal> removals, ErrorCounter errors) {
        List<Removal> closing = removals.stream().filter(Removal::closeClient).toList();
        if (closing.isEmpty()) {
            return 0;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(THREADS, closing.size()),
                r -> Fleet.daemon(r, "fleet-client-close"));
        AtomicInteger closed = new AtomicInteger();
        try {
            List<CompletableFuture<Void>> shutDowns = closing.stream()
                    .map(r -> CompletableFuture.runAsync(() -> {
                        r.process().crash(errors);
                        closed.incrementAndGet();
                    }, pool))
                    .toList();
            awaitAll(shutDowns, System.nanoTime() + CLIENT_SHUTDOWN.toNanos());
        } finally {
            pool.shutdownNow();
        }
        return closed.get();
    }

    /** Sleeps until {@code due}; false, without sleeping, when {@code due} is past {@code deadline}. */
    private static boolean awaitUntil(long due, long deadline) {
        if (due >= deadline) {
            return false;
        }
        long wait = due - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return System.nanoTime() < deadline;
    }

    private static void awaitAll(List<CompletableFuture<Void>> futures, long deadline) {
        try {
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
                    .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // the deadline passed: what has not ended is abandoned
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
