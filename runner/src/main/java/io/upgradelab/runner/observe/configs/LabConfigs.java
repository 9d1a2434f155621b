package io.upgradelab.runner.observe.configs;

import io.upgradelab.journal.ConfigCheck;
import io.upgradelab.journal.ConfigCheck.NodeConfigs;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.ServedConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The configs a run keeps in the cluster: published through the open API before the first phase,
 * changed in turn while the run lasts, listened to by a real nacos-client of each generation in the
 * runner's JVM, and checked on every node. The engine publishes them and closes them; the configs
 * observer drives them every observation. The bookkeeping is {@link ConfigBook}'s.
 */
public final class LabConfigs implements AutoCloseable {

    /** Where the shaded clients keep their snapshots and failover files (they read it once per JVM). */
    private static final String SNAPSHOT_PATH = "JM.SNAPSHOT.PATH";
    private static final String FILE_ROOT_PATH = "JM.LOG.PATH";
    /** Rounds of set-up publishing over every node before the run fails; a raft leader may be moving. */
    private static final int FIRST_PUBLISH_ROUNDS = 5;
    private static final Duration FIRST_PUBLISH_PAUSE = Duration.ofSeconds(2);

    private final ConfigBook book;
    private final List<ConfigListener> listeners = new CopyOnWriteArrayList<>();

    private LabConfigs(ConfigBook book) {
        this.book = book;
    }

    /**
     * Publishes version 0 of every config of {@code spec}; a config no node takes after a few tries
     * fails the set-up. The listeners start later ({@link #listenWhenReady}); their clients keep
     * their files in {@code directory}.
     */
    public static LabConfigs publish(ConfigsSpec spec, Backend cluster, Path directory) throws InterruptedException {
        System.getProperties().putIfAbsent(SNAPSHOT_PATH, directory.toString());
        System.getProperties().putIfAbsent(FILE_ROOT_PATH, directory.toString());
        LabConfigs configs = new LabConfigs(new ConfigBook(spec, Clock.systemUTC()));
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
        configs.book.notListening(ConfigListener1x.GENERATION, ConfigListener1x.CLIENT);   // named in this order
        configs.book.notListening(ConfigListener2x.GENERATION, ConfigListener2x.CLIENT);
        return configs;
    }

    /**
     * Starts each listener once the first versions have settled: the 1.x one then (1.x and 2.x
     * servers serve it), the 2.x one once every node also serves 2.x (out of 1.x-compatible mode,
     * or 2.2 on), as the observations of the cluster say ({@code servesTwoX}).
     */
    public void listenWhenReady(Backend cluster, boolean servesTwoX) {
        if (!book.firstVersionsSettled()) {
            return;
        }
        if (!book.isListening(ConfigListener1x.GENERATION)) {
            listeners.add(new ConfigListener1x(addresses(cluster), cluster.credentials(), book));
        }
        if (!book.isListening(ConfigListener2x.GENERATION) && servesTwoX) {
            listeners.add(new ConfigListener2x(addresses(cluster), cluster.credentials(), book));
        }
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

    private static String addresses(Backend cluster) {
        return cluster.nodes().stream().map(NodeStatus::address).collect(Collectors.joining(","));
    }

    /**
     * Shuts the listeners down, then deletes the configs, so a cluster left running (an external one)
     * keeps none of the lab's. Best effort: once no node deletes one, the rest are left.
     */
    public void deleteAndClose(Backend cluster) {
        close();
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
