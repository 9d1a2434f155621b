package io.upgradelab.runner.preflight;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.DatabaseAccess;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistribution;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where preflight reads a cluster from: the same whether the lab started it (a run's {@code preflight}
 * phase) or it is someone else's ({@code upgrade-lab preflight}): each node's API and, where the lab may
 * read them, its logs and properties; the shared database; the target's distribution (its schema); the
 * frontiers a calibration measured (its capacity).
 *
 * @param noDatabase why there is no database to read, when {@code database} is empty
 */
public record PreflightSources(String to, List<NodeSource> nodes, Optional<DatabaseAccess> database,
                               String noDatabase, ClusterFacts.Read<NacosDistribution> target,
                               ClusterFacts.Read<List<Frontier>> frontiers) {

    public PreflightSources {
        nodes = List.copyOf(nodes);
    }

    /**
     * {@code to}'s distribution, for its schema: {@code known} (the cluster's own, brought-in servers
     * included) or the one built here.
     */
    public static ClusterFacts.Read<NacosDistribution> target(String to, Optional<NacosDistribution> known) {
        return known.or(() -> builtIn(to)).map(ClusterFacts.Read::of).orElseGet(() -> ClusterFacts.Read.unavailable(
                "no Nacos " + to + " here to read its schema from ('upgrade-lab versions')"));
    }

    private static Optional<NacosDistribution> builtIn(String version) {
        try {
            return Optional.of(NacosDistributions.installed().require(version));
        } catch (LabException e) {
            return Optional.empty();
        }
    }

    /**
     * One node: its number and address, its API, where its logs and properties are when the lab may read them,
     * and the Java version it runs on when the lab started it.
     */
    public record NodeSource(int number, String address, NacosApi api, Optional<Path> logs,
                             Optional<Path> properties, Optional<String> java) {
    }
}
