package io.upgradelab.providers.fleet;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * Many virtual Dubbo providers on real Nacos clients, and the operations an experiment applies
 * to them: scale up at a bounded rate, scale down gracefully, crash processes, and upgrade a batch
 * of processes to the other client generation.
 *
 * <p>Operations run one at a time, in the order asked, on one operation thread; each returns a
 * future at once, and {@link #state()} shows progress meanwhile. Registrations within an operation
 * run in parallel, paced by the clock (the k-th is due at start + k/rate), so a slow server shows
 * as lag, not as a slower schedule.
 */
public final class Fleet implements AutoCloseable {

    private static final int REGISTRATION_THREADS = 16;
    /** A 1.x client beats once per provider every 5 s. */
    private static final double BEAT_INTERVAL_SECONDS = 5.0;

    private final FleetLayout layout;
    private final ClientSettings settings;
    private final BiFunction<Generation, ClientSettings, RegistryClient> connector;
    private final NavigableMap<Integer, VirtualProcess> processes = new ConcurrentSkipListMap<>();
    private final ErrorCounter errors = new ErrorCounter();
    private final ExecutorService operations = Executors.newSingleThreadExecutor(r -> daemon(r, "fleet-operation"));
    private final ExecutorService registrations =
            Executors.newFixedThreadPool(REGISTRATION_THREADS, r -> daemon(r, "fleet-registration"));
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** The JVM's CPU nanoseconds per second: divided by 1e7, percent of one core. */
    private final RateMeter cpu = new RateMeter(OS.getProcessCpuTime());
    private final RateMeter beats = new RateMeter(BeatCounter1x.sent());
    private volatile int target;
    /** Operations accepted and not finished: raised by the control thread, lowered by the operation thread. */
    private final AtomicInteger pending = new AtomicInteger();

    public Fleet(FleetLayout layout, ClientSettings settings) {
        this(layout, settings, Generation::connect);
    }

    /** With another way to make clients: unit tests of the fleet's own logic use a fake. */
    Fleet(FleetLayout layout, ClientSettings settings, BiFunction<Generation, ClientSettings, RegistryClient> connector) {
        this.layout = layout;
        this.settings = settings;
        this.connector = connector;
    }

    /**
     * Grows or shrinks the fleet to {@code providers}: new providers register through clients of
     * {@code generation} (processes that already exist keep theirs); removed ones deregister, the
     * highest-numbered first, and a process left empty closes its client.
     */
    public Future<Void> scaleTo(int providers, double perSecond, Generation generation) {
        requirePositive(perSecond);
        return submit(providers, () -> {
            int current = total();
            if (providers > current) {
                registerRange(current, providers, perSecond, generation);
            } else {
                deregisterDownTo(providers, perSecond);
            }
        });
    }

    /** Crashes the {@code count} highest-numbered processes: clients close without deregistering. */
    public Future<Void> crashProcesses(int count) {
        return submit(-1, () -> {
            for (int i = 0; i < count && !processes.isEmpty(); i++) {
                processes.pollLastEntry().getValue().crash(errors);
            }
            target = total();
        });
    }

    /**
     * One step of a rolling client upgrade: the processes of batch {@code batch} (1-based, of
     * {@code batches} contiguous batches) stop gracefully, then register the same providers again
     * through clients of {@code to}, as restarted provider processes would.
     */
    public Future<Void> upgradeBatch(int batch, int batches, Generation to, double perSecond) {
        if (batch < 1 || batch > batches) {
            throw new IllegalArgumentException("batch " + batch + " of " + batches + ": expected 1 to " + batches);
        }
        requirePositive(perSecond);
        return submit(-1, () -> {
            List<VirtualProcess> chosen = batchOf(batch, batches);
            List<Provider> restarting = new ArrayList<>();
            chosen.forEach(p -> restarting.addAll(p.providers()));
            stopAll(chosen);
            chosen.forEach(p -> processes.remove(p.number()));
            restarting.sort((a, b) -> Integer.compare(a.index(), b.index()));
            register(restarting, perSecond, to);
            target = total();
        });
    }

    public FleetState state() {
        Map<String, Integer> providers = new TreeMap<>();
        Map<String, Integer> processCount = new TreeMap<>();
        for (Generation g : Generation.values()) {
            providers.put(g.label(), 0);
            processCount.put(g.label(), 0);
        }
        for (VirtualProcess p : processes.values()) {
            providers.merge(p.generation().label(), p.size(), Integer::sum);
            processCount.merge(p.generation().label(), 1, Integer::sum);
        }
        return new FleetState(providers, processCount, target, pending.get() > 0, errors.registrationFailures(),
                errors.clientErrors(), errors.lastError(), beats.perSecondSinceLastCall(BeatCounter1x.sent()),
                providers.get(Generation.V1X.label()) / BEAT_INTERVAL_SECONDS, cpu.perSecondSinceLastCall(OS.getProcessCpuTime()) / 1e7, rssBytes());
    }

    /** Stops every process gracefully (providers deregister) and releases the threads. */
    @Override
    public void close() {
        operations.shutdownNow();
        stopAll(processes.values());
        processes.clear();
        registrations.shutdownNow();
        try {
            registrations.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops {@code stopping} gracefully, as many at once as the registration pool has threads (16):
     * a 1.x client takes about 5 s to shut down, mostly waiting, so one after another (or two at a
     * time on two cores) would take minutes.
     */
    private void stopAll(Collection<VirtualProcess> stopping) {
        CompletableFuture.allOf(stopping.stream()
                .map(p -> CompletableFuture.runAsync(() -> p.stop(errors), registrations))
                .toArray(CompletableFuture[]::new)).join();
    }

    private void registerRange(int from, int to, double perSecond, Generation generation) {
        List<Provider> providers = new ArrayList<>();
        for (int i = from; i < to; i++) {
            providers.add(layout.provider(i));
        }
        register(providers, perSecond, generation);
    }

    /** Registers {@code providers} at {@code perSecond}, creating their processes as needed. */
    private void register(List<Provider> providers, double perSecond, Generation generation) {
        long start = System.nanoTime();
        List<CompletableFuture<Void>> inFlight = new ArrayList<>();
        for (int k = 0; k < providers.size(); k++) {
            Provider provider = providers.get(k);
            VirtualProcess process = processes.computeIfAbsent(layout.processOf(provider.index()),
                    n -> new VirtualProcess(n, generation, connector.apply(generation, settings)));
            awaitSlot(start + (long) (k * 1e9 / perSecond));
            inFlight.add(CompletableFuture.runAsync(() -> {
                try {
                    process.register(provider);
                } catch (Exception e) {
                    errors.registrationFailed(provider, e);
                }
            }, registrations));
        }
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).join();
    }

    /**
     * Deregisters, the highest-numbered first, down to {@code providers}. A process left empty
     * closes its client in the background (a 1.x client takes about 5 s to shut down), so the pace
     * holds; the operation ends when every such client is closed.
     */
    private void deregisterDownTo(int providers, double perSecond) {
        long start = System.nanoTime();
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (int k = 0; total() > providers; k++) {
            awaitSlot(start + (long) (k * 1e9 / perSecond));
            Map.Entry<Integer, VirtualProcess> last = processes.lastEntry();
            VirtualProcess process = last.getValue();
            try {
                process.deregisterLast();
            } catch (Exception e) {
                errors.clientError("deregister from process " + process.number(), e);
            }
            if (process.size() == 0) {
                processes.remove(last.getKey());
                // nothing left to deregister: just close the client
                closing.add(CompletableFuture.runAsync(() -> process.crash(errors), registrations));
            }
        }
        CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new)).join();
    }

    private List<VirtualProcess> batchOf(int batch, int batches) {
        List<VirtualProcess> all = new ArrayList<>(processes.values());
        int from = (int) ((long) all.size() * (batch - 1) / batches);
        int to = (int) ((long) all.size() * batch / batches);
        return all.subList(from, to);
    }

    private Future<Void> submit(int newTarget, Runnable operation) {
        pending.incrementAndGet();
        if (newTarget >= 0) {
            target = newTarget;
        }
        return CompletableFuture.runAsync(() -> {
            try {
                operation.run();
            } finally {
                pending.decrementAndGet();
            }
        }, operations);
    }

    private int total() {
        return processes.values().stream().mapToInt(VirtualProcess::size).sum();
    }

    private static void awaitSlot(long dueNanos) {
        long wait = dueNanos - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    private static void requirePositive(double perSecond) {
        if (!(perSecond > 0)) {
            throw new IllegalArgumentException("rate must be positive, got " + perSecond);
        }
    }

    private static long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException e) {
            // not Linux: unknown
        }
        return 0;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** A counter's growth per second between calls (beats sent, CPU nanoseconds used). */
    private static final class RateMeter {
        private long lastCount;
        private long lastWall = System.nanoTime();

        RateMeter(long count) {
            lastCount = count;
        }

        synchronized double perSecondSinceLastCall(long count) {
            long now = System.nanoTime();
            double rate = now == lastWall ? 0 : (count - lastCount) * 1e9 / (now - lastWall);
            lastCount = count;
            lastWall = now;
            return rate;
        }
    }

}
