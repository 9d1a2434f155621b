package io.upgradelab.reports;

import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Finds the {@link OverCount over-counts} of a journal: samples where a node listed more providers than
 * were registered. What a node is held to is the most the fleet and the demo providers had registered
 * in the round of the sample, the {@value #ROUNDS_BEFORE} rounds before it and the round after it, and
 * only where the fleet was busy in none of them. The rounds before let a deregistration reach every node
 * (as the expected count lets a registration), the round after covers registrations made between a
 * round's fleet sample and its node counts, and a busy fleet's count is where it is going, not what the
 * nodes hold (a shrink's count drops at once while its deregistrations take a minute). So a ramp, a
 * shrink or a client batch is never an over-count, and a node that keeps more than was registered once
 * the fleet stands still is.
 */
final class OverCounts {

    /** Rounds before a sample whose registered count still holds: as many as the expected count waits. */
    static final int ROUNDS_BEFORE = 2;

    private OverCounts() {
    }

    /** The journal's over-counts by phase, in journal order. */
    static Map<Integer, List<OverCount>> byPhase(JournalFile journal) {
        List<Line<FleetSample>> fleet = journal.lines(FleetSample.class).stream().filter(l -> l.body().answered())
                .toList();
        Map<Integer, Integer> rounds = new HashMap<>();
        Map<Integer, List<OverCount>> byPhase = new HashMap<>();
        int next = 0;   // the first fleet sample after the current node counts
        for (Line<NodeCountsSample> counts : journal.lines(NodeCountsSample.class)) {
            while (next < fleet.size() && fleet.get(next).number() < counts.number()) {
                next++;
            }
            int round = rounds.merge(counts.phase(), 1, Integer::sum) - 1;
            Integer registered = settled(fleet, next);
            if (registered == null) {
                continue;
            }
            for (NodeSample node : counts.body().nodes()) {
                if (node.reachable() && node.instances() > registered) {
                    byPhase.computeIfAbsent(counts.phase(), p -> new ArrayList<>())
                            .add(new OverCount(node.node(), round, counts.elapsed(), node.instances(), registered));
                }
            }
        }
        return byPhase.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> List.copyOf(e.getValue())));
    }

    /**
     * The most registered over the fleet samples before index {@code next} (this round's and the
     * {@value #ROUNDS_BEFORE} before) and at {@code next} (the round after, when there is one); null when
     * there is none before or the fleet was busy in any of them.
     */
    private static Integer settled(List<Line<FleetSample>> fleet, int next) {
        if (next == 0) {
            return null;
        }
        int most = 0;
        for (int i = Math.max(0, next - 1 - ROUNDS_BEFORE); i <= Math.min(next, fleet.size() - 1); i++) {
            FleetSample sample = fleet.get(i).body();
            if (sample.fleet().busy()) {
                return null;
            }
            most = Math.max(most, sample.fleet().totalProviders() + sample.demoProvidersAlive());
        }
        return most;
    }
}
