package io.upgradelab.providers.fleet;

import io.upgradelab.journal.registry.InstanceOp;
import io.upgradelab.journal.registry.Push;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingSettings;
import io.upgradelab.naming.PushedInstance;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The fleet's side of the registry's promises: every operation the registry acknowledged, and what
 * one subscriber per client version was pushed of a sample of services, written to
 * {@code registry.jsonl} ({@link RegistryLog}) for {@code upgrade-lab check}.
 *
 * <p>A subscriber is one more client of a version the fleet registers with, started the first time
 * the fleet uses that version (so the servers already take it), subscribed to the sampled services
 * only: its cost is one connection and a few services' lists per version, whatever the fleet's size.
 */
final class RegistryRecord implements AutoCloseable {

    /** Writes nothing: a fleet without a registry log (unit tests, a fleet started by hand). */
    static final RegistryRecord NONE = new RegistryRecord(null, List.of(), null, null, new ErrorCounter());

    private final RegistryLog.Writer log;
    private final List<String> sampled;
    private final ClientCatalog clients;
    private final NamingSettings settings;
    private final ErrorCounter errors;
    /** The versions whose subscriber started or is starting; their clients, once connected. */
    private final Set<String> versions = ConcurrentHashMap.newKeySet();
    private final List<NamingClient> subscribers = new CopyOnWriteArrayList<>();
    private final ExecutorService starting = Executors.newSingleThreadExecutor(r -> Fleet.daemon(r, "fleet-subscriber"));

    /**
     * Writes to {@code log} (null: nowhere), its subscribers following {@code sampled} with clients from
     * {@code clients} connected by {@code settings}, their failures counted in {@code errors}.
     */
    RegistryRecord(RegistryLog.Writer log, List<String> sampled, ClientCatalog clients, NamingSettings settings,
                   ErrorCounter errors) {
        this.log = log;
        this.sampled = List.copyOf(sampled);
        this.clients = clients;
        this.settings = settings;
        this.errors = errors;
    }

    void registered(VirtualProcess process, Provider provider, Instant requested) {
        op(InstanceOp.Op.registered, process, provider, requested);
    }

    void deregistered(VirtualProcess process, Provider provider, Instant requested) {
        op(InstanceOp.Op.deregistered, process, provider, requested);
    }

    void leftToExpire(VirtualProcess process, Provider provider, Instant requested) {
        op(InstanceOp.Op.leftToExpire, process, provider, requested);
    }

    /** {@code providers} of {@code process}, whose client just closed without deregistering them. */
    void crashed(VirtualProcess process, List<Provider> providers) {
        Instant now = Instant.now();
        providers.forEach(p -> op(InstanceOp.Op.crashed, process, p, now));
    }

    /** Starts the subscriber of {@code version} unless it runs: in the background, never delaying a registration. */
    void subscribeWith(String version) {
        if (log != null && !sampled.isEmpty() && versions.add(version)) {
            starting.execute(() -> start(version));
        }
    }

    private void start(String version) {
        try {
            NamingClient client = clients.factory(version).connect(settings);
            subscribers.add(client);
            String name = "subscriber " + version;
            for (String service : sampled) {
                client.subscribe(service, pushed -> log.append(push(name, version, service, pushed)));
            }
        } catch (Exception e) {
            errors.clientError("start the subscriber of " + version, e);
        }
    }

    private static Push push(String name, String version, String service, List<PushedInstance> pushed) {
        List<String> callable = pushed.stream().filter(PushedInstance::callable).map(PushedInstance::address)
                .sorted(Comparator.naturalOrder()).toList();
        return new Push(name, version, service, callable, pushed.size() - callable.size());
    }

    private void op(InstanceOp.Op op, VirtualProcess process, Provider provider, Instant requested) {
        if (log != null) {
            log.append(new InstanceOp(op, provider.serviceName(), provider.ip() + ":" + provider.port(),
                    process.number(), process.clientVersion(), requested));
        }
    }

    /**
     * Closes the log, then the subscribers' clients: after the fleet's own tear-down, so that is recorded.
     */
    @Override
    public void close() {
        starting.shutdownNow();
        try {
            starting.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (log != null) {
            log.close();
        }
        // each subscriber's client closes on a thread of its own, not awaited: a 1.x client's shutdown waits on
        // its pools for seconds, and the fleet's tear-down (or its JVM's exit) must not
        subscribers.forEach(c -> Fleet.daemon(() -> {
            try {
                c.shutDown();
            } catch (Exception e) {
                errors.clientError("shut down a subscriber", e);
            }
        }, "fleet-subscriber-close").start());
    }
}
