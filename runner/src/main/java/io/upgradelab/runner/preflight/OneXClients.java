package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.List;

/**
 * Clients that speak the v1 HTTP API (nacos-client 1.x, and anything else that registers over HTTP): 3.2
 * removed the v1 and v2 HTTP APIs, so they can neither register nor read there; 3.0 and 3.1 still serve them,
 * the last versions that do.
 */
final class OneXClients implements PreflightCheck {

    static final String NOTES = "Nacos 3.2 release notes: v1 and v2 HTTP APIs removed";

    @Override
    public String name() {
        return "oneXClients";
    }

    @Override
    public int order() {
        return 50;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        if (facts.clients().value().isEmpty()) {
            return notChecked(facts.clients(), List.of(NOTES));
        }
        List<ClusterFacts.Client> http = facts.clients().value().get().stream()
                .filter(c -> c.protocol().equals("http")).toList();
        if (http.isEmpty()) {
            return List.of(Finding.ok(name(), "no client over the v1 HTTP API"));
        }
        String who = http.size() + " client(s) over the v1 HTTP API (" + Clients.describe(http) + ")";
        if (NacosVersions.withoutV1(facts.to())) {
            return List.of(new Finding(name(), Level.blocked, who + ": " + facts.to() + " has no v1 API, so they cannot"
                    + " register or read there; move them to nacos-client 2.x first", List.of(NOTES)));
        }
        if (NacosVersions.isThreeX(facts.to())) {
            return List.of(new Finding(name(), Level.atRisk, who + ": " + facts.to() + " still serves them, 3.2 will"
                    + " not; move them to nacos-client 2.x before the next step", List.of(NOTES)));
        }
        return List.of(Finding.ok(name(), who + ": " + facts.to() + " serves them"));
    }
}
