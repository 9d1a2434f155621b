package io.upgradelab.runner.plan;

import static io.upgradelab.runner.nacos.NacosVersions.isOneX;

import io.upgradelab.naming.ClientVersions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state the run is expected to be in at some point of the timeline, without starting anything:
 * what each node runs, how many providers on which client version. Each phase moves it forward
 * ({@code Phase.plan}), which gives the timeline, the expected
 * duration, and the problems a file has only in context (a 2.x client before the servers are 2.x).
 * Client versions are kept as versions: a shorthand (1x, 2x) is read as the version it stands for.
 */
public final class PlannedState {

    private final List<String> nodeVersions = new ArrayList<>();
    private final VersionHistory history = new VersionHistory();
    private final Map<String, Integer> providersByGeneration = new LinkedHashMap<>();
    private final int demoProviders;
    private final String backend;
    private final Set<Capability> capabilities;
    private String fleetClient;
    private boolean upgraded;

    /**
     * The state at the start: {@code nodes} nodes on {@code version}, no providers yet, new ones on
     * client version {@code client}, and {@code demoProviders} demo providers beside them;
     * the cluster on backend {@code backend}, which can do {@code capabilities}.
     */
    public PlannedState(int nodes, String version, String client, int demoProviders, String backend,
                        Set<Capability> capabilities) {
        this.backend = backend;
        this.capabilities = capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities);
        for (int i = 0; i < nodes; i++) {
            nodeVersions.add(version);
        }
        this.demoProviders = demoProviders;
        fleetClient = ClientVersions.canonical(client);
        upgraded = !isOneX(version);
    }

    /** Reports at {@code field} that this cluster's backend cannot do {@code needed}, when it cannot. */
    public void require(Capability needed, Problems problems, String field) {
        if (!capabilities.contains(needed)) {
            problems.add(field, "backend " + backend + " cannot " + needed.action() + " (it can: "
                    + (capabilities.isEmpty() ? "nothing of the kind" : capabilities.stream().map(Capability::action)
                    .collect(java.util.stream.Collectors.joining(", "))) + ")");
        }
    }

    /** The demo providers the probe calls; a client upgrade restarts each. */
    public int demoProviders() {
        return demoProviders;
    }

    public List<String> nodeVersions() {
        return List.copyOf(nodeVersions);
    }

    /** Node {@code node} now runs {@code version}; what it ran before goes to the {@link #history()}. */
    public void setNodeVersion(int node, String version) {
        String from = nodeVersions.set(node - 1, version);
        if (!from.equals(version)) {
            history.changed(node, from);
        }
    }

    /** Node {@code node} back on the version it ran before its last change, which it returns; empty when it never changed. */
    public java.util.Optional<String> rollBack(int node) {
        java.util.Optional<String> before = history.before(node);
        before.ifPresent(version -> {
            nodeVersions.set(node - 1, version);
            history.undone(node);
        });
        return before;
    }

    /** What each node ran before each change, as the phases planned so far leave it. */
    public VersionHistory history() {
        return history;
    }

    public int nodes() {
        return nodeVersions.size();
    }

    /** True once every node runs 2.x and has left 1.x-compatible mode: 2.x clients are served. */
    public boolean servesTwoX() {
        return upgraded;
    }

    public void setUpgraded(boolean value) {
        upgraded = value;
    }

    public boolean everyNodeOnTwoX() {
        return nodeVersions.stream().noneMatch(version -> isOneX(version));
    }

    public int providers() {
        return providersByGeneration.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Providers by client version, e.g. {@code {2.3.2=120}}. */
    public Map<String, Integer> providersByGeneration() {
        return Map.copyOf(providersByGeneration);
    }

    /**
     * Grows or shrinks the fleet to {@code total}: growth on client version {@code client}, shrink
     * from the version that joined last (the fleet stops the processes started last).
     */
    public void scaleTo(int total, String client) {
        int now = providers();
        if (total >= now) {
            providersByGeneration.merge(ClientVersions.canonical(client), total - now, Integer::sum);
            return;
        }
        int remove = now - total;
        List<String> newestFirst = new ArrayList<>(providersByGeneration.keySet());
        Collections.reverse(newestFirst);
        for (String version : newestFirst) {
            int take = Math.min(remove, providersByGeneration.get(version));
            providersByGeneration.merge(version, -take, Integer::sum);
            remove -= take;
        }
    }

    /** Moves every provider (and the demo providers) to client version {@code client}. */
    public void moveAllTo(String client) {
        int total = providers();
        providersByGeneration.clear();
        fleetClient = ClientVersions.canonical(client);
        providersByGeneration.put(fleetClient, total);
    }

    /** The client version the fleet's new providers (and the demo providers) run on now, e.g. {@code 1.4.1}. */
    public String fleetClient() {
        return fleetClient;
    }
}
