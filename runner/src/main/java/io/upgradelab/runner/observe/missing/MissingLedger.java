package io.upgradelab.runner.observe.missing;

import io.upgradelab.journal.MissingInstances;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One node's missing providers from diff to diff: a provider counts as missing once two consecutive
 * diffs found it missing (one just registered may not have reached the node yet), since the first of
 * them; a line is due when what the node misses changes, and once more when it misses nothing again.
 */
final class MissingLedger {

    private final int node;
    /** Missing in the last diff, each since it was first found missing. */
    private Map<InstanceDiff.Absent, Instant> seen = new HashMap<>();
    private Set<InstanceDiff.Absent> journalled = Set.of();

    MissingLedger(int node) {
        this.node = node;
    }

    /** A diff of the node at {@code now}: the line to journal when what it misses changed. */
    Optional<MissingInstances> diff(InstanceDiff diff, int expected, int listed, Instant now) {
        Map<InstanceDiff.Absent, Instant> confirmed = new HashMap<>();
        Map<InstanceDiff.Absent, Instant> next = new HashMap<>();
        for (InstanceDiff.Absent absent : diff.absent()) {
            Instant since = seen.get(absent);
            if (since != null) {
                confirmed.put(absent, since);
            }
            next.put(absent, since == null ? now : since);
        }
        seen = next;
        if (confirmed.keySet().equals(journalled)) {
            return Optional.empty();
        }
        journalled = Set.copyOf(confirmed.keySet());
        return Optional.of(line(confirmed, expected, listed, diff.complete()));
    }

    /** The node holds what it should: one line saying so when it missed some before. */
    Optional<MissingInstances> whole(int expected, int listed) {
        seen = new HashMap<>();
        if (journalled.isEmpty()) {
            return Optional.empty();
        }
        journalled = Set.of();
        return Optional.of(line(Map.of(), expected, listed, true));
    }

    private MissingInstances line(Map<InstanceDiff.Absent, Instant> missing, int expected, int listed,
                                  boolean complete) {
        Map<Integer, List<Map.Entry<InstanceDiff.Absent, Instant>>> byClient = new TreeMap<>();
        missing.entrySet().forEach(e -> byClient.computeIfAbsent(e.getKey().client(), c -> new ArrayList<>()).add(e));
        List<MissingInstances.Client> clients = byClient.values().stream().map(MissingLedger::client)
                .sorted(Comparator.comparingInt(MissingInstances.Client::missing).reversed()
                        .thenComparingInt(MissingInstances.Client::client))
                .limit(MissingInstances.MOST_NAMED).toList();
        List<MissingInstances.Instance> instances = missing.entrySet().stream()
                .map(e -> new MissingInstances.Instance(e.getKey().service(), e.getKey().client(), e.getKey().port(),
                        e.getValue()))
                .sorted(Comparator.comparing(MissingInstances.Instance::since)
                        .thenComparing(MissingInstances.Instance::service).thenComparingInt(MissingInstances.Instance::client))
                .limit(MissingInstances.MOST_NAMED).toList();
        return new MissingInstances(node, expected, listed, missing.size(), clients, instances, complete);
    }

    private static MissingInstances.Client client(List<Map.Entry<InstanceDiff.Absent, Instant>> entries) {
        InstanceDiff.Absent first = entries.get(0).getKey();
        Instant since = entries.stream().map(Map.Entry::getValue).min(Comparator.naturalOrder()).orElseThrow();
        return new MissingInstances.Client(first.client(), first.port(), entries.size(), since);
    }
}
