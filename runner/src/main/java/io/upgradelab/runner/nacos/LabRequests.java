package io.upgradelab.runner.nacos;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every request the lab's own {@link NacosApi} sent, by node address and endpoint, since the runner
 * started: the lab observes the cluster it judges, so what it asks of each node is part of the
 * measurement ({@code labFootprint} lines). Counted where every call goes out, so no observer, wait
 * or fault can ask unseen. The counts only grow; a reader takes the difference of two snapshots.
 */
public final class LabRequests {

    private static final String CONTEXT = "/nacos/";
    private static final Map<Key, LongAdder> COUNTS = new ConcurrentHashMap<>();

    /** A node's address ({@code host:port}) and an endpoint ({@code v1/ns/catalog/services}). */
    public record Key(String node, String endpoint) {
    }

    private LabRequests() {
    }

    static void count(URI uri) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        String endpoint = path.startsWith(CONTEXT) ? path.substring(CONTEXT.length()) : path;
        COUNTS.computeIfAbsent(new Key(uri.getHost() + ":" + uri.getPort(), endpoint), k -> new LongAdder()).increment();
    }

    /** The counts so far. */
    public static Map<Key, Long> snapshot() {
        Map<Key, Long> now = new HashMap<>();
        COUNTS.forEach((key, count) -> now.put(key, count.sum()));
        return now;
    }
}
