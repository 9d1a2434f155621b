package io.upgradelab.runner.observe.configs;

import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.runner.LabException;

/**
 * The configs an application configured with {@code namespace: public} writes on a 2.x server. A
 * 2.x server keeps them apart from those of the default namespace {@code ''} (its gRPC handler takes
 * the client's namespace as it comes), and on its first start a 3.x node, which merges {@code ''}
 * into {@code public}, refuses to start over a config present in both with different content: the
 * "namespace migrate pre check failed" of alibaba/nacos #13488, #14081 and #15870. A run plants them
 * to show what its users' data does to the upgrade; it neither checks nor changes them.
 */
final class PublicNamespaceCopies {

    static final String NAMESPACE = "public";
    /** The client generation whose writes keep the namespace as configured: 2.x, over gRPC. */
    private static final String WRITER = ClientVersions.canonical("2x");

    private PublicNamespaceCopies() {
    }

    /** The content of {@code dataId}'s copy in {@code public}: other than any version of the lab's own. */
    static String content(String dataId, int sizeBytes) {
        return ConfigContents.content(NAMESPACE + "/" + dataId, 0, sizeBytes);
    }

    /** Writes a copy of each of the first {@code count} configs into namespace {@code public}; fails the set-up if one is refused. */
    static void publish(int count, int sizeBytes, ConfigSettings settings) {
        withClient(settings, client -> {
            for (int index = 1; index <= count; index++) {
                String dataId = ConfigContents.dataId(index);
                if (!client.publish(dataId, ConfigContents.GROUP, content(dataId, sizeBytes))) {
                    throw new LabException(LabException.FAILED, "nacos-client " + WRITER + " in namespace '"
                            + NAMESPACE + "' could not publish config " + dataId + " (group " + ConfigContents.GROUP
                            + ")");
                }
            }
        });
    }

    /** Removes the copies again; best effort, for a cluster left running. */
    static void delete(int count, ConfigSettings settings) {
        try {
            withClient(settings, client -> {
                for (int index = 1; index <= count; index++) {
                    client.remove(ConfigContents.dataId(index), ConfigContents.GROUP);
                }
            });
        } catch (RuntimeException e) {
            // tearing down: what is left stays in a cluster the lab stops, or is named by the run's log
        }
    }

    private interface ClientWork {
        void run(ConfigClient client) throws Exception;
    }

    private static void withClient(ConfigSettings settings, ClientWork work) {
        ConfigClient client = ClientCatalog.installed().factory(WRITER).connectConfigs(settings.inNamespace(NAMESPACE));
        try {
            work.run(client);
        } catch (LabException e) {
            throw e;
        } catch (Exception e) {
            throw new LabException(LabException.FAILED, "nacos-client " + WRITER + " in namespace '" + NAMESPACE
                    + "' could not write the configs: " + e.getMessage());
        } finally {
            try {
                client.shutDown();
            } catch (Exception e) {
                // closing: nothing more to write
            }
        }
    }
}
