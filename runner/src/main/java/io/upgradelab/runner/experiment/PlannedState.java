package io.upgradelab.runner.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state the run is expected to be in at some point of the timeline, without starting anything:
 * what each node runs, how many providers on which client generation. Each phase moves it forward
 * ({@link io.upgradelab.runner.phase.Phase#plan}), which gives the timeline, the expected
 * duration, and the problems a file has only in context (a 2.x client before the servers are 2.x).
 */
public final class PlannedState {

    private final Experiment experiment;
    private final List<String> nodeVersions = new ArrayList<>();
    private final Map<String, Integer> providersByGeneration = new LinkedHashMap<>();
    private String demoGeneration;
    private boolean upgraded;

    public PlannedState(Experiment experiment) {
        this.experiment = experiment;
        for (int i = 0; i < experiment.target().nodes(); i++) {
            nodeVersions.add(experiment.target().version());
        }
        demoGeneration = experiment.fleet().generation();
        upgraded = !isOneX(experiment.target().version());
    }

    public Experiment experiment() {
        return experiment;
    }

    public List<String> nodeVersions() {
        return List.copyOf(nodeVersions);
    }

    public void setNodeVersion(int node, String version) {
        nodeVersions.set(node - 1, version);
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
        return nodeVersions.stream().noneMatch(PlannedState::isOneX);
    }

    public int providers() {
        return providersByGeneration.values().stream().mapToInt(Integer::intValue).sum();
    }

    public Map<String, Integer> providersByGeneration() {
        return Map.copyOf(providersByGeneration);
    }

    /** Grows or shrinks the fleet to {@code total}: growth on the fleet's current generation, shrink from the newest. */
    public void scaleTo(int total, String generation) {
        int now = providers();
        if (total >= now) {
            providersByGeneration.merge(generation, total - now, Integer::sum);
            return;
        }
        int remove = now - total;
        for (String g : List.of("2x", "1x")) {
            int take = Math.min(remove, providersByGeneration.getOrDefault(g, 0));
            providersByGeneration.merge(g, -take, Integer::sum);
            remove -= take;
        }
    }

    /** Moves every provider to {@code generation}. */
    public void moveAllTo(String generation) {
        int total = providers();
        providersByGeneration.clear();
        providersByGeneration.put(generation, total);
        demoGeneration = generation;
    }

    /** The generation the fleet's new providers (and the demo providers) run on now. */
    public String fleetGeneration() {
        return demoGeneration;
    }

    public static boolean isOneX(String version) {
        return version.startsWith("1.");
    }

    /** Time a node of {@code version} needs to stop gracefully, measured here (bench/cluster-boot). */
    public static Duration gracefulStopTime(String version) {
        return isOneX(version) ? Duration.ofSeconds(30) : Duration.ofSeconds(5);
    }

    /** Time a node of {@code version} needs to start and rejoin a cluster, measured here. */
    public static Duration startTime(String version) {
        return Duration.ofSeconds(isOneX(version) ? 25 : 30);
    }
}
