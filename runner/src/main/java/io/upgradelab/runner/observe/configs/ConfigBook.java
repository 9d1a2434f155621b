package io.upgradelab.runner.observe.configs;

import io.upgradelab.journal.ConfigCheck;
import io.upgradelab.journal.ConfigCheck.ListenerConfigs;
import io.upgradelab.journal.ConfigCheck.NodeConfigs;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.nacos.ServedConfig;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The lab's bookkeeping of its configs, apart from any server or client so that it is tested alone:
 * what was published and when, which changes are due, what each listener heard, how long each node
 * has been up, and the judgement of a check from what the nodes served. A config, a node or a
 * listener is judged only once it has had the settle time: a change still on its way is not a loss.
 *
 * <p>Listener callbacks arrive on the clients' threads, everything else on the observers' thread:
 * every method is synchronized.
 */
public final class ConfigBook {

    /** Data ids a check names per node and listener; the counts say how many there are. */
    static final int IDS_SHOWN = 5;

    private final ConfigsSpec spec;
    private final Clock clock;
    private final List<String> dataIds;
    private final Map<String, Published> published = new LinkedHashMap<>();
    private final Map<String, Write> unconfirmed = new LinkedHashMap<>();
    private final Map<String, Listener> listeners = new LinkedHashMap<>();
    private final Map<Integer, NodeTrack> nodes = new LinkedHashMap<>();
    private long changes;
    private int publishFailures;
    private int nextToChange;
    private Instant firstPublished;
    private Instant lastChanges;

    /** One version of one config to publish. */
    public record Write(String dataId, long version, String content) {
    }

    /** A config's last version that a node confirmed, and when. */
    private record Published(long version, String content, String md5, Instant at) {
    }

    /** A client version's listener: when it began, what it heard of each config, how often it was told. */
    private static final class Listener {
        private Instant since;
        private final Map<String, String> heard = new LinkedHashMap<>();
        private long changes;
        private long notified;
    }

    /** A node's version and since when it has answered on it; {@code since} null while it does not. */
    private record NodeTrack(String version, Instant since) {
    }

    public ConfigBook(ConfigsSpec spec, Clock clock) {
        this.spec = spec;
        this.clock = clock;
        this.dataIds = IntStream.rangeClosed(1, spec.count()).mapToObj(ConfigContents::dataId).toList();
    }

    public List<String> dataIds() {
        return dataIds;
    }

    /** Version 0 of every config, to publish before the first phase. */
    public synchronized List<Write> firstVersions() {
        return dataIds.stream().map(id -> write(id, 0)).toList();
    }

    /**
     * What to publish now: every write that failed before (the same content again), and once
     * {@code changeEvery} has passed since the last changes (or the first publish), the next
     * {@code changed} configs in turn, each at its next version.
     */
    public synchronized List<Write> due() {
        Map<String, Write> writes = new LinkedHashMap<>(unconfirmed);
        Instant now = clock.instant();
        if (spec.changed() > 0 && lastChanges != null && !now.isBefore(lastChanges.plus(spec.changeEvery()))) {
            lastChanges = now;
            for (int i = 0; i < spec.changed(); i++) {
                String id = dataIds.get(nextToChange);
                nextToChange = (nextToChange + 1) % dataIds.size();
                Write pendingRetry = writes.get(id);
                long version = Math.max(pendingRetry == null ? 0 : pendingRetry.version(), current(id)) + 1;
                writes.put(id, write(id, version));
            }
        }
        return List.copyOf(writes.values());
    }

    /** A node confirmed {@code write}: it is now what every node and listener should serve. */
    public synchronized void published(Write write) {
        Instant now = clock.instant();
        published.put(write.dataId(), new Published(write.version(), write.content(),
                ConfigContents.md5(write.content()), now));
        unconfirmed.remove(write.dataId());
        if (lastChanges == null) {
            firstPublished = now;
            lastChanges = now;
        }
        if (write.version() > 0) {
            changes++;
            listeners.values().stream().filter(l -> l.since != null).forEach(l -> l.changes++);
        }
    }

    /** No node confirmed {@code write}: retried by the next {@link #due()}, and not checked until one does. */
    public synchronized void publishFailed(Write write) {
        publishFailures++;
        unconfirmed.put(write.dataId(), write);
    }

    /** The client of version {@code client} begins listening now. */
    public synchronized void listening(String client) {
        Listener listener = listeners.computeIfAbsent(client, c -> new Listener());
        listener.since = clock.instant();
    }

    /**
     * Whether the settle time has passed since the first config was published, so that a client
     * starting now reads what every node serves. Read sooner, a config a node does not hold yet
     * reads as missing, and a 1.4.1 client's listener was then told its content only at its next
     * long poll, ~30 s later (seen in a CI-size run here).
     */
    public synchronized boolean firstVersionsSettled() {
        return firstPublished != null && !clock.instant().isBefore(firstPublished.plus(spec.settle()));
    }

    /** Registers a client version that does not listen yet, so checks name it as off (in the order registered). */
    public synchronized void notListening(String client) {
        listeners.putIfAbsent(client, new Listener());
    }

    public synchronized boolean isListening(String client) {
        Listener listener = listeners.get(client);
        return listener != null && listener.since != null;
    }

    /**
     * What the listener of version {@code client} holds of {@code dataId}: {@code content} (null: the
     * config is gone), read when it began ({@code callback} false) or told by a callback.
     */
    public synchronized void heard(String client, String dataId, String content, boolean callback) {
        Listener listener = listeners.get(client);
        if (listener == null) {
            return;
        }
        listener.heard.put(dataId, content);
        if (callback) {
            listener.notified++;
        }
    }

    /** The configs checked now: confirmed, and not changed within the settle time. */
    public synchronized List<String> settled() {
        Instant settledBefore = clock.instant().minus(spec.settle());
        return dataIds.stream().filter(id -> !unconfirmed.containsKey(id) && published.containsKey(id)
                && !published.get(id).at().isAfter(settledBefore)).toList();
    }

    /**
     * A node that answered: {@code served} holds its answer for each config of {@code checked}
     * (empty: "config data not exist"). Its missing and mismatched configs count once it has answered
     * on this version for the settle time; until then it is settling.
     */
    public synchronized NodeConfigs answered(int node, String version, List<String> checked,
                                             Map<String, Optional<ServedConfig>> served) {
        NodeTrack track = nodes.get(node);
        Instant now = clock.instant();
        if (track == null) {   // up since before the first check: the run's set-up waited for it
            track = new NodeTrack(version, Instant.MIN);
        } else if (track.since() == null || !track.version().equals(version)) {
            track = new NodeTrack(version, now);
        }
        nodes.put(node, track);
        if (now.isBefore(track.since().plus(spec.settle()))) {
            return new NodeConfigs(node, version, ConfigCheck.SETTLING, 0, 0, List.of(), List.of(), null);
        }
        List<String> missing = new ArrayList<>();
        List<String> mismatched = new ArrayList<>();
        for (String id : checked) {
            Optional<ServedConfig> answer = served.get(id);
            if (answer == null) {
                continue;
            }
            if (answer.isEmpty()) {
                missing.add(id);
            } else if (!matches(published.get(id), answer.get())) {
                mismatched.add(id);
            }
        }
        return new NodeConfigs(node, version, ConfigCheck.CHECKED, missing.size(), mismatched.size(), first(missing),
                first(mismatched), null);
    }

    /** A node not asked ({@code state}: why) or that did not answer: it settles again once it answers. */
    public synchronized NodeConfigs notAnswered(int node, String version, String state, String error) {
        NodeTrack track = nodes.get(node);
        nodes.put(node, new NodeTrack(track == null ? version : track.version(), null));
        return new NodeConfigs(node, version, state, 0, 0, List.of(), List.of(), error);
    }

    /** The check of {@code checked} on {@code nodes}, with every listener judged on the same configs. */
    public synchronized ConfigCheck check(List<String> checked, List<NodeConfigs> nodeAnswers) {
        List<ListenerConfigs> judged = new ArrayList<>();
        Instant settledBefore = clock.instant().minus(spec.settle());
        listeners.forEach((client, l) -> judged.add(judge(client, l, checked, settledBefore)));
        return new ConfigCheck(spec.count(), checked.size(), changes, publishFailures, nodeAnswers, judged);
    }

    /** The listener of version {@code client}, named with its generation too (1x: long polling, 2x: gRPC push). */
    private ListenerConfigs judge(String client, Listener l, List<String> checked, Instant settledBefore) {
        String generation = ClientVersions.generation(client);
        if (l.since == null) {
            return new ListenerConfigs(generation, client, ConfigCheck.OFF, 0, 0, 0, List.of());
        }
        if (l.since.isAfter(settledBefore)) {
            return new ListenerConfigs(generation, client, ConfigCheck.SETTLING, l.changes, l.notified, 0, List.of());
        }
        List<String> behind = checked.stream()
                .filter(id -> !Objects.equals(l.heard.get(id), published.get(id).content())).toList();
        return new ListenerConfigs(generation, client, ConfigCheck.LISTENING, l.changes, l.notified, behind.size(),
                first(behind));
    }

    private static boolean matches(Published expected, ServedConfig served) {
        return expected.content().equals(served.content())
                && (served.md5().isEmpty() || expected.md5().equalsIgnoreCase(served.md5()));
    }

    private long current(String dataId) {
        Published p = published.get(dataId);
        return p == null ? 0 : p.version();
    }

    private Write write(String dataId, long version) {
        return new Write(dataId, version, ConfigContents.content(dataId, version, spec.sizeBytes()));
    }

    private static List<String> first(List<String> ids) {
        return List.copyOf(ids.subList(0, Math.min(IDS_SHOWN, ids.size())));
    }
}
