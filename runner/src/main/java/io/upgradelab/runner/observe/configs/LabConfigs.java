package io.upgradelab.runner.observe.configs;

import io.upgradelab.journal.ConfigCheck;
import io.upgradelab.journal.ConfigCheck.NodeConfigs;
import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.naming.NamingClientFactory;
import io.upgradelab.naming.VersionOrder;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.ServedConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The configs a run keeps in the cluster: published through the open API before the first phase,
 * changed in turn while the run lasts, listened to by a real nacos-client of each version the
 * experiment runs (and at least one 1.x and one 2.x) in the runner's JVM, and checked on every node.
 * The engine publishes them and closes them; the configs observer drives them every observation.
 * The bookkeeping is {@link ConfigBook}'s; the clients come from the shaded jars on the runner's
 * classpath ({@link ClientCatalog}), as the fleet's do.
 */
public final class LabConfigs implements AutoCloseable {

    /** Where the shaded clients keep their snapshots and failover files (they read it once per JVM). */
    private static final String SNAPSHOT_PATH = "JM.SNAPSHOT.PATH";
    private static final String FILE_ROOT_PATH = "JM.LOG.PATH";
    /** Rounds of set-up publishing over every node before the run fails; a raft leader may be moving. */
    private static final int FIRST_PUBLISH_ROUNDS = 5;
    private static final Duration FIRST_PUBLISH_PAUSE = Duration.ofSeconds(2);

    private final ConfigBook book;
    /** How many configs have a copy in namespace {@code public} ({@link PublicNamespaceCopies}), deleted at the end. */
    private final int inPublic;
    /** The versions that listen, in release order, each with its shaded client. */
    private final Map<String, NamingClientFactory> clients;
    private final List<ConfigListener> listeners = new CopyOnWriteArrayList<>();

    private LabConfigs(int inPublic, ConfigBook book, Map<String, NamingClientFactory> clients) {
        this.inPublic = inPublic;
        this.book = book;
        this.clients = clients;
    }

    /**
     * The client versions that listen, in release order: every one of {@code experimentClients} (the
     * fleet's and the probe's, before and after their upgrades; versions or shorthands), and the
     * shorthand's version of a generation they lack, so that a 1.x and a 2.x client always listen
     * (long polling and gRPC push are two ways a change can fail to arrive).
     */
    public static List<String> listeningClients(Collection<String> experimentClients) {
        TreeSet<String> versions = new TreeSet<>(VersionOrder.NUMERIC);
        experimentClients.stream().map(ClientVersions::canonical).forEach(versions::add);
        if (versions.stream().noneMatch(ClientVersions::isOneX)) {
            versions.add(ClientVersions.canonical("1x"));
        }
        if (versions.stream().allMatch(ClientVersions::isOneX)) {
            versions.add(ClientVersions.canonical("2x"));
        }
        return List.copyOf(versions);
    }

    /** The versions that listen (or will, once the cluster serves them), in release order. */
    public List<String> clients() {
        return List.copyOf(clients.keySet());
    }

    /**
     * Publishes version 0 of every config of {@code spec}, and their copies in namespace {@code public}
     * it asks for ({@link PublicNamespaceCopies}); a config no node takes after a few tries fails the
     * set-up. The listeners, one per version of {@link #listeningClients(Collection)
     * listeningClients(experimentClients)}, start later ({@link #listenWhenReady}); their clients keep
     * their files in {@code directory}. A version without a shaded client on the classpath fails here.
     */
    public static LabConfigs publish(ConfigsSpec spec, Collection<String> experimentClients, Backend cluster,
                                     Path directory) throws InterruptedException {
        System.getProperties().putIfAbsent(SNAPSHOT_PATH, directory.toString());
        System.getProperties().putIfAbsent(FILE_ROOT_PATH, directory.toString());
        LabConfigs configs = new LabConfigs(spec.alsoInPublic(), new ConfigBook(spec, Clock.systemUTC()),
                shadedClients(listeningClients(experimentClients)));
        List<ConfigBook.Write> writes = configs.book.firstVersions();
        for (int round = 1; !writes.isEmpty(); round++) {
            writes = configs.publish(cluster, writes);
            if (!writes.isEmpty() && round == FIRST_PUBLISH_ROUNDS) {
                throw new LabException(LabException.FAILED, "no node took config " + writes.get(0).dataId()
                        + " (group " + ConfigContents.GROUP + ") after " + round + " tries");
            }
            if (!writes.isEmpty()) {
                Thread.sleep(FIRST_PUBLISH_PAUSE.toMillis());
            }
        }
        configs.clients.keySet().forEach(configs.book::notListening);   // named in this order
        if (spec.alsoInPublic() > 0) {
            PublicNamespaceCopies.publish(spec.alsoInPublic(), spec.sizeBytes(), settings(cluster));
        }
        return configs;
    }

    private static Map<String, NamingClientFactory> shadedClients(List<String> versions) {
        ClientCatalog catalog = ClientCatalog.installed();
        Map<String, NamingClientFactory> clients = new LinkedHashMap<>();
        for (String version : versions) {
            try {
                clients.put(version, catalog.factory(version));
            } catch (IllegalArgumentException e) {
                throw new LabException(LabException.FAILED, "the configs cannot listen with nacos-client " + version
                        + ": " + e.getMessage());
            }
        }
        return clients;
    }

    /**
     * Starts each listener once the first versions have settled: the 1.x ones then (1.x and 2.x
     * servers serve them), the 2.x ones once every node also serves 2.x (out of 1.x-compatible mode,
     * or 2.2 on), as the observations of the cluster say ({@code servesTwoX}).
     */
    public void listenWhenReady(Backend cluster, boolean servesTwoX) {
        if (!book.firstVersionsSettled()) {
            return;
        }
        clients.forEach((version, client) -> {
            if (!book.isListening(version) && (ClientVersions.isOneX(version) || servesTwoX)) {
                listeners.add(new ConfigListener(client, settings(cluster), book));
            }
        });
    }

    private static ConfigSettings settings(Backend cluster) {
        Optional<NacosCredentials> credentials = cluster.credentials();
        return new ConfigSettings(cluster.serverAddresses(), credentials.map(NacosCredentials::username),
                credentials.map(NacosCredentials::password));
    }

    /** Publishes the changes due now and retries the writes that failed. */
    public void publishDue(Backend cluster) {
        publish(cluster, book.due());
    }

    /** Every node's answer for every settled config, and every listener's, as one check. */
    public ConfigCheck check(Backend cluster) {
        List<String> settled = book.settled();
        List<NodeConfigs> nodes = new ArrayList<>();
        for (NodeStatus node : cluster.nodes()) {
            nodes.add(check(cluster, node, settled));
        }
        return book.check(settled, nodes);
    }

    private NodeConfigs check(Backend cluster, NodeStatus node, List<String> settled) {
        if (node.state() != NodeState.UP) {
            return book.notAnswered(node.number(), node.version(), node.state().name().toLowerCase(Locale.ROOT), null);
        }
        NacosApi api = cluster.api(node.number());
        Map<String, Optional<ServedConfig>> served = new LinkedHashMap<>();
        try {
            for (String dataId : settled) {
                served.put(dataId, api.config(dataId, ConfigContents.GROUP));
            }
        } catch (NacosApi.NacosApiException e) {   // one that does not answer is not asked the rest
            return book.notAnswered(node.number(), node.version(), "unreachable", e.getMessage());
        }
        return book.answered(node.number(), node.version(), settled, served);
    }

    /** Each write to the first node up that takes it; returns those no node took (also booked as failed). */
    private List<ConfigBook.Write> publish(Backend cluster, List<ConfigBook.Write> writes) {
        List<ConfigBook.Write> failed = new ArrayList<>();
        for (ConfigBook.Write write : writes) {
            if (publishOnce(cluster, write)) {
                book.published(write);
            } else {
                book.publishFailed(write);
                failed.add(write);
            }
        }
        return failed;
    }

    private static boolean publishOnce(Backend cluster, ConfigBook.Write write) {
        for (NodeStatus node : cluster.nodes()) {
            if (node.state() != NodeState.UP) {
                continue;
            }
            try {
                cluster.api(node.number()).publishConfig(write.dataId(), ConfigContents.GROUP, write.content());
                return true;
            } catch (NacosApi.NacosApiException e) {
                // the next node may take it (this one may be leaving, or without a raft leader)
            }
        }
        return false;
    }


    /**
     * Shuts the listeners down, then deletes the configs, so a cluster left running (an external one)
     * keeps none of the lab's. Best effort: once no node deletes one, the rest are left.
     */
    public void deleteAndClose(Backend cluster) {
        close();
        if (inPublic > 0) {
            PublicNamespaceCopies.delete(inPublic, settings(cluster));
        }
        for (String dataId : book.dataIds()) {
            if (cluster.nodes().stream().noneMatch(node -> node.state() == NodeState.UP
                    && delete(cluster.api(node.number()), dataId))) {
                return;
            }
        }
    }

    private static boolean delete(NacosApi api, String dataId) {
        try {
            api.deleteConfig(dataId, ConfigContents.GROUP);
            return true;
        } catch (NacosApi.NacosApiException e) {
            return false;
        }
    }

    @Override
    public void close() {
        listeners.forEach(ConfigListener::close);
        listeners.clear();
    }
}
