package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.List;

/**
 * Clients that call without credentials, where the target checks them: 3.3 turns client API auth on by
 * default, so such a client is refused after the upgrade. A 1.x client carries its token on every call
 * (seen in the access log); a 2.x client logs in over HTTP once (seen as a login from its address). Up to
 * 3.2, client auth stays off on upgrade.
 */
final class ClientCredentials implements PreflightCheck {

    static final String AUTH_ON_FROM = "3.3";
    private static final String NOTES = "Nacos 3.3 release notes: client API auth on by default";

    @Override
    public String name() {
        return "clientCredentials";
    }

    @Override
    public int order() {
        return 60;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        if (NacosVersions.ORDER.compare(facts.to(), AUTH_ON_FROM) < 0) {
            return List.of(Finding.ok(name(), "client auth stays off on the upgrade to " + facts.to()));
        }
        if (facts.clients().value().isEmpty()) {
            return notChecked(facts.clients(), List.of(NOTES));
        }
        List<ClusterFacts.Client> clients = facts.clients().value().get();
        List<ClusterFacts.Client> without = clients.stream().filter(c -> c.credentials().equals(java.util.Optional.of(false)))
                .toList();
        List<ClusterFacts.Client> unknown = clients.stream().filter(c -> c.credentials().isEmpty()).toList();
        if (!without.isEmpty()) {
            return List.of(new Finding(name(), Level.blocked, without.size() + " client(s) call without credentials ("
                    + Clients.describe(without) + "): " + facts.to() + " refuses them; give them a Nacos user first",
                    List.of(NOTES)));
        }
        if (!unknown.isEmpty()) {
            return List.of(new Finding(name(), Level.atRisk, unknown.size() + " client(s) whose credentials nothing the"
                    + " lab read shows (" + Clients.describe(unknown) + "): " + facts.to() + " refuses those without",
                    List.of(NOTES)));
        }
        return List.of(Finding.ok(name(), "every client seen calls with credentials"));
    }
}
