package io.upgradelab.providers.fleet;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.naming.ClientCatalog;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

/**
 * Many virtual Dubbo providers on real Nacos clients, and the operations an experiment applies
 * to them: scale up at a bounded rate, scale down gracefully, crash processes, and upgrade a batch
 * of processes to another client version.
 *
 * <p>Operations run one at a time, in the order asked, on one operation thread; each returns a
 * future at once, and {@link #state()} shows progress meanwhile. Registrations within an operation
 * run in parallel, paced by the clock (the k-th is due at start + k/rate), so a slow server shows
 * as lag, not as a slower schedule. A registration the server refuses is tried again later, as a
 * Dubbo provider would ({@link FailbackRetry}).
 *
 * <p>Client versions are named as the clients report them ({@code 1.4.1}, {@code 2.3.2}) or by a
 * shorthand ({@code 1x}, {@code 2x}); the state counts providers by version.
 */
public final class Fleet implements AutoCloseable {

    private static final int REGISTRATION_THREADS = 16;
    /** A 1.x client beats once per provider every 5 s. */
    private static final double BEAT_INTERVAL_SECONDS = 5.0;

    private final FleetLayout layout;
    private final ClientSettings settings;
    private final ClientCatalog clients;
    private final NavigableMap<Integer, VirtualProcess> processes = new ConcurrentSkipListMap<>();
    private final ErrorCounter errors = new ErrorCounter();
    private final ExecutorService operations = Executors.newSingleThreadExecutor(r -> daemon(r, "fleet-operation"));
    private final ExecutorService registrations =
            Executors.newFixedThreadPool(REGISTRATION_THREADS, r -> daemon(r, "fleet-registration"));
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** The JVM's CPU nanoseconds per second: divided by 1e7, percent of one core. */
    private final RateMeter cpu = new RateMeter(OS.getProcessCpuTime());
    private final RateMeter beats;
    /** Tear-down deregisters as fast as the server answers, and gives up before the runner kills the fleet (60 s). */
    private static final double CLOSE_RATE = 1000;
    private static final java.time.Duration CLOSE_BUDGET = java.time.Duration.ofSeconds(35);
    private volatile int target;
    private volatile StopReport lastStop = StopReport.NONE;
    /** The last operation that threw, and why; "" while none has. */
    private volatile String failedOperation = "";
    private final java.time.Duration retryPeriod;
    /** Operations accepted and not finished: raised by the control thread, lowered by the operation thread. */
    private final AtomicInteger pending = new AtomicInteger();
    private final FailbackRetry failback;
    private final RegistryRecord record;

    /** A fleet of the real clients on this JVM's classpath, recording nothing of the registry's answers. */
    public Fleet(FleetLayout layout, ClientSettings settings) {
        this(layout, settings, ClientCatalog.installed(), FailbackRetry.DUBBO_PERIOD, null, 0);
    }

    /**
     * A fleet of the real clients on this JVM's classpath that writes what the registry acknowledged, and
     * what a subscriber per client version was pushed of its first {@code subscribedServices} services, to
     * {@code registryLog} (null: nowhere).
     */
    public Fleet(FleetLayout layout, ClientSettings settings, RegistryLog.Writer registryLog, int subscribedServices) {
        this(layout, settings, ClientCatalog.installed(), FailbackRetry.DUBBO_PERIOD, registryLog, subscribedServices);
    }

    /** The names of {@code layout}'s first {@code count} services: the ones the subscribers follow. */
    public static List<String> sampledServices(FleetLayout layout, int count) {
        List<String> names = new ArrayList<>();
        for (int s = 0; s < Math.min(count, layout.services()); s++) {
            names.add(layout.provider(s).serviceName());
        }
        return names;
    }

    /**
     * With other clients and another retry period: unit tests of the fleet's own logic use a fake
     * registry and a short period.
     */
    Fleet(FleetLayout layout, ClientSettings settings, ClientCatalog clients, java.time.Duration retryPeriod) {
        this(layout, settings, clients, retryPeriod, null, 0);
    }

    Fleet(FleetLayout layout, ClientSettings settings, ClientCatalog clients, java.time.Duration retryPeriod,
          RegistryLog.Writer registryLog, int subscribedServices) {
        this.layout = layout;
        this.settings = settings;
        this.clients = clients;
        this.beats = new RateMeter(clients.beatsSent());
        this.retryPeriod = retryPeriod;
        this.failback = new FailbackRetry(retryPeriod, FailbackRetry.DUBBO_TIMES, registrations);
        this.record = registryLog == null ? RegistryRecord.NONE : new RegistryRecord(registryLog,
                sampledServices(layout, subscribedServices), clients, settings.naming(), errors);
    }

    /**
     * Grows or shrinks the fleet to {@code providers}: new providers register through clients of
     * version {@code client} (processes that already exist keep theirs); removed ones deregister, the
     * highest-numbered first, and a process left empty closes its client.
     *
     * @throws IllegalArgumentException for a client version this fleet does not have
     */
    public Future<Void> scaleTo(int providers, double perSecond, String client) {
        requirePositive(perSecond);
        String version = clients.version(client);
        return submit("scale to " + providers + " providers", providers, () -> {
            int current = total();
            if (providers > current) {
                registerRange(current, providers, perSecond, version);
            } else {
                deregisterDownTo(providers, perSecond);
            }
        });
    }

    /** Crashes the {@code count} highest-numbered processes: clients close without deregistering. */
    public Future<Void> crashProcesses(int count) {
        return submit("crash " + count + " processes", -1, () -> {
            for (int i = 0; i < count && !processes.isEmpty(); i++) {
                VirtualProcess process = processes.pollLastEntry().getValue();
                List<Provider> lost = process.providers();
                process.crash(errors);
                record.crashed(process, lost);
            }
            target = total();
        });
    }

    /**
     * One step of a rolling client upgrade: the processes of batch {@code batch} (1-based, of
     * {@code batches} contiguous batches) stop gracefully, then register the same providers again
     * through clients of version {@code to}, as restarted provider processes would. The target stays:
     * a registration the server refuses meanwhile is still wanted, and tried again.
     *
     * @throws IllegalArgumentException for a client version this fleet does not have
     */
    public Future<Void> upgradeBatch(int batch, int batches, String to, double perSecond) {
        if (batch < 1 || batch > batches) {
            throw new IllegalArgumentException("batch " + batch + " of " + batches + ": expected 1 to " + batches);
        }
        requirePositive(perSecond);
        String version = clients.version(to);
        return submit("upgrade batch " + batch + " of " + batches + " to " + version, -1, () -> {
            List<VirtualProcess> chosen = batchOf(batch, batches);
            List<Provider> restarting = new ArrayList<>();
            chosen.forEach(p -> restarting.addAll(p.providers()));
            chosen.forEach(p -> processes.remove(p.number()));
            stop(chosen.stream().map(p -> new BoundedStop.Removal(p, p.takeHighest(p.size()), true)).toList(),
                    perSecond);
            restarting.sort((a, b) -> Integer.compare(a.index(), b.index()));
            register(restarting, perSecond, version);
        });
    }

    /** The fleet now: providers and processes by client version (the versions some process runs), and its load. */
    public FleetStatus state() {
        Map<String, Integer> providers = new TreeMap<>();
        Map<String, Integer> processCount = new TreeMap<>();
        for (VirtualProcess p : processes.values()) {
            providers.merge(p.clientVersion(), p.size(), Integer::sum);
            processCount.merge(p.clientVersion(), 1, Integer::sum);
        }
        int beating = providers.entrySet().stream().filter(e -> clients.beatsPerInstance(e.getKey()))
                .mapToInt(Map.Entry::getValue).sum();
        return new FleetStatus(providers, processCount, target, pending.get() > 0, errors.registrationFailures(),
                errors.clientErrors(), errors.lastError(), lastStop, beats.perSecond(clients.beatsSent()),
                beating / BEAT_INTERVAL_SECONDS, cpu.perSecond(OS.getProcessCpuTime()) / 1e7, rssBytes(),
                failedOperation);
    }

    /**
     * What each client has registered now, by service: what the runner diffs against what each node
     * lists, to name the providers a node misses by client.
     */
    public FleetRegistrations registrations() {
        List<FleetRegistrations.Client> clients = new ArrayList<>();
        for (VirtualProcess p : processes.values()) {
            List<Integer> services = p.providers().stream().map(provider -> provider.index() % layout.services())
                    .toList();
            if (!services.isEmpty()) {
                clients.add(new FleetRegistrations.Client(p.number(), layout.ip(), layout.portOf(p.number()),
                        p.clientVersion(), services));
            }
        }
        return new FleetRegistrations(sampledServices(layout, layout.services()), clients);
    }

    /**
     * Stops every process gracefully (providers deregister, within {@link #CLOSE_BUDGET}; what a
     * saturated server does not confirm by then expires there) and releases the threads.
     */
    @Override
    public void close() {
        failback.close();
        operations.shutdownNow();
        List<BoundedStop.Removal> all = new ArrayList<>();
        for (VirtualProcess p : processes.values()) {
            all.add(new BoundedStop.Removal(p, p.takeHighest(p.size()), true));
        }
        processes.clear();
        lastStop = BoundedStop.run(all, CLOSE_RATE, CLOSE_BUDGET, errors, record, report -> { });
        registrations.shutdownNow();
        try {
            registrations.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        record.close();
    }

    private void registerRange(int from, int to, double perSecond, String version) {
        List<Provider> providers = new ArrayList<>();
        for (int i = from; i < to; i++) {
            providers.add(layout.provider(i));
        }
        register(providers, perSecond, version);
    }

    /**
     * Registers {@code providers} at {@code perSecond}, creating their processes (on clients of {@code version}) as
     * needed. The schedule runs from the last client started: the time a client takes to start (its first
     * classes, another client of its version starting, a retry) is the process's own, not a slow server's, so
     * the registrations due meanwhile are not fired together after it, at once on the same new services.
     */
    private void register(List<Provider> providers, double perSecond, String version) {
        record.subscribeWith(version);   // processes made here run it; existing ones subscribed when they were made
        long start = System.nanoTime();
        List<CompletableFuture<Void>> inFlight = new ArrayList<>();
        java.util.Set<Integer> unstarted = new java.util.HashSet<>();
        for (int k = 0; k < providers.size(); k++) {
            Provider provider = providers.get(k);
            int number = layout.processOf(provider.index());
            long starting = System.nanoTime();
            VirtualProcess process = unstarted.contains(number) ? null : processOf(number, version);
            start += System.nanoTime() - starting;   // a client's start moves the schedule, never bunches what follows
            if (process == null) {
                unstarted.add(number);
                errors.registrationFailed(provider, new IllegalStateException(
                        "nacos-client " + version + " of process " + number + " did not start"));
                continue;
            }
            awaitSlot(start + (long) (k * 1e9 / perSecond));
            FailbackRetry.Attempt attempt = registration(process, provider);
            inFlight.add(CompletableFuture.runAsync(() -> {
                try {
                    attempt.run();
                } catch (Exception e) {
                    failback.failed(attempt);
                }
            }, registrations));
        }
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).join();
    }

    /**
     * The fleet's process {@code number}, started on a client of {@code version} if it has none; null
     * when that client does not start. A client that throws as it starts is started again after each
     * retry period, {@link FailbackRetry#DUBBO_TIMES} times, as a provider process that failed to start
     * is restarted; after the last, its providers stay unregistered and the operation goes on without
     * them, counted as refused.
     */
    private VirtualProcess processOf(int number, String version) {
        VirtualProcess existing = processes.get(number);
        if (existing != null) {
            return existing;
        }
        for (int attempt = 1; ; attempt++) {
            try {
                VirtualProcess started = new VirtualProcess(number, version,
                        clients.factory(version).connect(settings.naming()));
                processes.put(number, started);
                return started;
            } catch (RuntimeException e) {
                errors.clientError("start nacos-client " + version + " for process " + number + " (try " + attempt
                        + ")", e);
                if (attempt > FailbackRetry.DUBBO_TIMES) {
                    return null;
                }
                awaitSlot(System.nanoTime() + retryPeriod.toNanos());
            }
        }
    }

    /**
     * One provider's registration through its process, counted when it fails; wanted while the
     * process is still the fleet's and the fleet has not shrunk below the provider.
     */
    private FailbackRetry.Attempt registration(VirtualProcess process, Provider provider) {
        return new FailbackRetry.Attempt() {
            @Override
            public boolean wanted() {
                return processes.get(process.number()) == process && provider.index() < target;
            }

            @Override
            public void run() throws Exception {
                try {
                    java.time.Instant requested = java.time.Instant.now();
                    process.register(provider);
                    record.registered(process, provider, requested);
                } catch (Exception e) {
                    errors.registrationFailed(provider, e);
                    throw e;
                }
            }
        };
    }

    /**
     * Stops the processes started last, as the published run stopped its pressure batches: the
     * highest-numbered providers deregister down to {@code providers}, a process left empty closes
     * its client, and whatever the server does not confirm within the budget is left to expire.
     */
    private void deregisterDownTo(int providers, double perSecond) {
        List<BoundedStop.Removal> removals = new ArrayList<>();
        int excess = total() - providers;
        while (excess > 0) {
            VirtualProcess process = processes.lastEntry().getValue();
            boolean whole = process.size() <= excess;
            List<Provider> taken = process.takeHighest(Math.min(excess, process.size()));
            excess -= taken.size();
            if (whole) {
                processes.remove(process.number());
            }
            removals.add(new BoundedStop.Removal(process, taken, whole));
        }
        stop(removals, perSecond);
    }

    private void stop(List<BoundedStop.Removal> removals, double perSecond) {
        int count = removals.stream().mapToInt(r -> r.providers().size()).sum();
        lastStop = BoundedStop.run(removals, perSecond, BoundedStop.budget(count, perSecond), errors, record,
                report -> lastStop = report);   // the state shows the stop advancing, not only its end
    }

    private List<VirtualProcess> batchOf(int batch, int batches) {
        List<VirtualProcess> all = new ArrayList<>(processes.values());
        int from = (int) ((long) all.size() * (batch - 1) / batches);
        int to = (int) ((long) all.size() * batch / batches);
        return all.subList(from, to);
    }

    /**
     * Queues {@code operation}, named {@code what} for a person. One that throws is kept as the
     * state's {@code failedOperation} before the fleet shows idle, so whoever waits on it learns at
     * once that the fleet is not what it asked for, and its trace goes to the fleet's console log.
     */
    private Future<Void> submit(String what, int newTarget, Runnable operation) {
        pending.incrementAndGet();
        if (newTarget >= 0) {
            target = newTarget;
        }
        return CompletableFuture.runAsync(() -> {
            try {
                operation.run();
            } catch (RuntimeException | Error e) {
                Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e;   // a registration's, through the join
                failedOperation = what + ": " + ErrorCounter.describe(cause);
                System.err.println("fleet: could not " + failedOperation);
                e.printStackTrace();
                throw e;
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

    /** A daemon thread named {@code name}: the fleet's pools never keep its JVM alive. */
    static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * A counter's growth per second (beats sent, CPU nanoseconds used) over at least the last
     * {@link #WINDOW_NANOS}: the runner polls the state every 250 ms while it waits on an operation
     * and the observer every 5 s, and beats come in 5 s waves, so a rate since the previous call
     * alone would swing with whoever called last.
     */
    private static final class RateMeter {
        private static final long WINDOW_NANOS = 5_000_000_000L;
        private final java.util.ArrayDeque<long[]> readings = new java.util.ArrayDeque<>();

        RateMeter(long count) {
            readings.add(new long[] {System.nanoTime(), count});
        }

        synchronized double perSecond(long count) {
            long now = System.nanoTime();
            // keep the newest reading that is at least a window old, and everything after it
            long[] oldest = readings.pollFirst();
            while (!readings.isEmpty() && now - readings.peekFirst()[0] >= WINDOW_NANOS) {
                oldest = readings.pollFirst();
            }
            readings.addFirst(oldest);
            readings.addLast(new long[] {now, count});
            return now == oldest[0] ? 0 : (count - oldest[1]) * 1e9 / (now - oldest[0]);
        }
    }

}
