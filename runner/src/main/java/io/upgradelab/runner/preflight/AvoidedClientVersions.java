package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import java.util.List;
import java.util.Set;

/**
 * Clients on versions the managed Nacos service tells its users to leave: in nacos-client 1.4.1 and
 * 1.4.2 a DNS failure kills the heartbeat thread for good, so the instances of a client that met one
 * expire and never come back; a rolling upgrade, with its restarts and address changes, is when it happens.
 */
final class AvoidedClientVersions implements PreflightCheck {

    static final Set<String> AVOIDED = Set.of("1.4.1", "1.4.2");
    private static final String SOURCE = "managed Nacos service's client advice: nacos-client 1.4.1-1.4.2";

    @Override
    public String name() {
        return "avoidedClientVersions";
    }

    @Override
    public int order() {
        return 55;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        if (facts.clients().value().isEmpty()) {
            return notChecked(facts.clients(), List.of(SOURCE));
        }
        List<ClusterFacts.Client> avoided = facts.clients().value().get().stream()
                .filter(c -> AVOIDED.contains(c.version())).toList();
        if (avoided.isEmpty()) {
            long unknown = facts.clients().value().get().stream().filter(c -> c.version().isEmpty()).count();
            return List.of(Finding.ok(name(), "no client on nacos-client " + String.join(" or ", AVOIDED.stream().sorted()
                    .toList()) + (unknown > 0 ? " among those whose version is known (" + unknown + " unknown)" : "")));
        }
        return List.of(new Finding(name(), Level.atRisk, avoided.size() + " client(s) on an avoided version ("
                + Clients.describe(avoided) + "): a DNS failure kills their heartbeat thread for good and their instances"
                + " expire; upgrade them before the servers", List.of(SOURCE)));
    }
}
