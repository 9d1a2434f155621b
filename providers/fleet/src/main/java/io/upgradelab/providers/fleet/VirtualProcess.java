package io.upgradelab.providers.fleet;

import io.upgradelab.naming.NamingClient;
import java.util.List;
import java.util.TreeMap;

/**
 * One would-be Dubbo provider process: one port, one real Nacos client of one version, and the
 * providers it registered through that client. Restarting it on another version is one step of a
 * rolling client upgrade.
 */
final class VirtualProcess {

    private final int number;
    private final String clientVersion;
    private final NamingClient client;
    /** By provider index: registrations end in any order, and scaling down removes the highest first. */
    private final TreeMap<Integer, Provider> providers = new TreeMap<>();

    VirtualProcess(int number, String clientVersion, NamingClient client) {
        this.number = number;
        this.clientVersion = clientVersion;
        this.client = client;
    }

    int number() {
        return number;
    }

    /** The version of its client, e.g. {@code 2.3.2}. */
    String clientVersion() {
        return clientVersion;
    }

    NamingClient client() {
        return client;
    }

    /**
     * Takes its {@code count} highest-numbered providers off its books, for a stop that deregisters
     * them ({@link BoundedStop}); the fleet no longer counts them as registered.
     */
    synchronized List<Provider> takeHighest(int count) {
        List<Provider> taken = new java.util.ArrayList<>();
        while (taken.size() < count && !providers.isEmpty()) {
            taken.add(providers.pollLastEntry().getValue());
        }
        return taken;
    }

    synchronized List<Provider> providers() {
        return List.copyOf(providers.values());
    }

    synchronized int size() {
        return providers.size();
    }

    /** Registers one more provider; on failure it is not counted as registered. */
    void register(Provider provider) throws Exception {
        client.register(provider.registration());
        synchronized (this) {
            providers.put(provider.index(), provider);
        }
    }

    /** A crash: the client closes without deregistering; the server must notice by itself. */
    void crash(ErrorCounter errors) {
        synchronized (this) {
            providers.clear();
        }
        shutDown(errors);
    }

    private void shutDown(ErrorCounter errors) {
        try {
            client.shutDown();
        } catch (Exception e) {
            errors.clientError("shut down the client of process " + number, e);
        }
    }
}
