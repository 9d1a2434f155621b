package io.upgradelab.runner.preflight;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** How findings name clients: by version and address, a few of each. */
final class Clients {

    private static final int NAMED = 5;

    private Clients() {
    }

    /** E.g. {@code nacos-client 1.4.1 from 127.0.0.1, 127.0.0.2; version unknown from 127.0.0.3}. */
    static String describe(List<ClusterFacts.Client> clients) {
        Map<String, List<String>> byVersion = clients.stream().collect(Collectors.groupingBy(
                c -> c.version().isEmpty() ? "version unknown" : "nacos-client " + c.version(), TreeMap::new,
                Collectors.mapping(ClusterFacts.Client::address, Collectors.toList())));
        return byVersion.entrySet().stream().map(e -> {
            List<String> addresses = e.getValue().stream().distinct().toList();
            return e.getKey() + " from " + String.join(", ", addresses.subList(0, Math.min(NAMED, addresses.size())))
                    + (addresses.size() > NAMED ? " and " + (addresses.size() - NAMED) + " more" : "");
        }).collect(Collectors.joining("; "));
    }
}
