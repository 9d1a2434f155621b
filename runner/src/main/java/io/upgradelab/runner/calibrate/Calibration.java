package io.upgradelab.runner.calibrate;

import io.upgradelab.naming.ClientVersions;
import java.util.List;
import java.util.Optional;

/**
 * The capacity frontier measured on one target: for each pair of server version and client
 * version, the largest provider count the cluster held stable. Published figures come from other
 * machines (3 nodes of 8 cores); a calibration says where this machine's frontier stands, so that an
 * experiment can be fitted to show the same shape here ({@link Fit}). Saved and reused, because
 * measuring it takes tens of minutes.
 *
 * @param key     what the frontier depends on: the target, the fleet's shape and the machine ({@link CalibrationKey})
 * @param created when it was measured (ISO-8601)
 * @param holdSeconds how long each step was held and judged
 * @param pairs   one per server version and client version, in the order measured (journals from before client
 *                versions name the client 1x or 2x)
 */
public record Calibration(CalibrationKey key, String created, long holdSeconds, List<PairCapacity> pairs) {

    public Calibration {
        pairs = List.copyOf(pairs);
    }

    /** Each pair's frontier, as preflight judges capacity with it. */
    public List<io.upgradelab.runner.preflight.Frontier> frontiers() {
        return pairs.stream().map(p -> new io.upgradelab.runner.preflight.Frontier(p.server(), p.clients(), p.frontier(),
                p.runDirectory())).toList();
    }

    /** The pair measured for {@code server} with {@code clients}, if any. */
    public Optional<PairCapacity> pair(String server, String clients) {
        String version = ClientVersions.canonical(clients);
        return pairs.stream().filter(p -> p.server().equals(server) && ClientVersions.canonical(p.clients()).equals(version))
                .findFirst();
    }

    /**
     * One pair's steps and frontier.
     *
     * @param frontier      the largest step held stable with every smaller step stable too; 0 when none was
     * @param firstUnstable the first step that was not, or 0 when every step held (the frontier lies beyond)
     * @param runDirectory  the run that measured it (its journal and report)
     */
    public record PairCapacity(String server, String clients, int frontier, int firstUnstable, List<Step> steps,
                               String runDirectory) {

        public PairCapacity {
            steps = List.copyOf(steps);
        }
    }

    /**
     * One step: ramped to {@code providers}, waited for every node to hold them, held.
     *
     * @param settled          every node held the registered providers within the settle time
     * @param stable           settled, and no node fell below the registered count in any sample of the hold
     *                         (the report's "stable")
     * @param flappingEvents   falls below the registered count during the hold, over all nodes
     * @param minInstances     the fewest instances any node listed during the hold (-1: not held)
     * @param cpuPercentPerNode each node's mean CPU during the hold, % of one core
     * @param beatsDeliveredPercent 1.x beats delivered in % of nominal during the hold; null where not judged
     * @param load             the hold's load validity: "valid" or why not
     */
    public record Step(int providers, boolean settled, boolean stable, int flappingEvents, int minInstances,
                       List<Double> cpuPercentPerNode, Double beatsDeliveredPercent, String load) {

        public Step {
            cpuPercentPerNode = List.copyOf(cpuPercentPerNode);
        }
    }
}
