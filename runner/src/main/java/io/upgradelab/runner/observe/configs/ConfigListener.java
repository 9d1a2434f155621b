package io.upgradelab.runner.observe.configs;

import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.naming.NamingClientFactory;

/**
 * A real nacos-client of one version holding a listener on every config of the lab, telling the
 * {@link ConfigBook} what it read when it began and each callback since. One per client version the
 * run listens with: users of each listen during an upgrade, and each generation is told of a change
 * its own way (1.x: HTTP long polling; 2.x: a push over its gRPC connection). The version's shaded
 * jar makes the client ({@link NamingClientFactory#connectConfigs}), so this class serves them all.
 */
final class ConfigListener implements AutoCloseable {

    private static final long READ_TIMEOUT_MS = 5000;

    private final ConfigClient client;

    /** Reads each config, then listens to it; what it reads and hears goes to {@code book}. */
    ConfigListener(NamingClientFactory version, ConfigSettings settings, ConfigBook book) {
        String name = version.clientVersion();
        client = version.connectConfigs(settings);
        book.listening(name);
        try {
            for (String dataId : book.dataIds()) {
                book.heard(name, dataId, client.read(dataId, ConfigContents.GROUP, READ_TIMEOUT_MS), false);
                client.listen(dataId, ConfigContents.GROUP, content -> book.heard(name, dataId, content, true));
            }
        } catch (Exception e) {
            close();
            throw new IllegalStateException("nacos-client " + name + " could not listen to the configs: "
                    + e.getMessage(), e);
        }
    }

    /** Shuts the client down; its listeners hear nothing more. */
    @Override
    public void close() {
        try {
            client.shutDown();
        } catch (Exception e) {
            // shutting down: nothing more to hear
        }
    }
}
