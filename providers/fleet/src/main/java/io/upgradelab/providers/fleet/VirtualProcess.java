package io.upgradelab.providers.fleet;

import java.util.List;
import java.util.TreeMap;

/**
 * One would-be Dubbo provider process: one port, one real Nacos client of one generation, and the
 * providers it registered through that client. Restarting it on the other generation is one step
 * of a rolling client upgrade.
 */
final class VirtualProcess {

    private final int number;
    private final Generation generation;
    private final RegistryClient client;
    /** By provider index: registrations end in any order, and scaling down removes the highest first. */
    private final TreeMap<Integer, Provider> providers = new TreeMap<>();

    VirtualProcess(int number, Generation generation, RegistryClient client) {
        this.number = number;
        this.generation = generation;
        this.client = client;
    }

    int number() {
        return number;
    }

    Generation generation() {
        return generation;
    }

    synchronized List<Provider> providers() {
        return List.copyOf(providers.values());
    }

    synchronized int size() {
        return providers.size();
    }

    /** Registers one more provider; on failure it is not counted as registered. */
    void register(Provider provider) throws Exception {
        client.register(provider);
        synchronized (this) {
            providers.put(provider.index(), provider);
        }
    }

    /** Deregisters its highest-numbered provider, as when one interface is unexported. */
    Provider deregisterLast() throws Exception {
        Provider last;
        synchronized (this) {
            last = providers.pollLastEntry().getValue();
        }
        client.deregister(last);
        return last;
    }

    /** A graceful stop: every provider deregistered, then the client closed. */
    void stop(ErrorCounter errors) {
        for (Provider provider : providers()) {
            try {
                client.deregister(provider);
            } catch (Exception e) {
                errors.clientError("deregister " + provider.serviceName() + " from process " + number, e);
            }
        }
        synchronized (this) {
            providers.clear();
        }
        shutDown(errors);
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
