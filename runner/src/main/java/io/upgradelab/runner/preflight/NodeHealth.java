package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether every node answers, is ready and sees every raft group led: a rolling upgrade waits for each
 * restarted node to be healthy again, which it cannot be in a cluster that is not healthy to begin with
 * (3.1.0's "naming not in readiness" stalls a rollout, alibaba/nacos #13976; a raft group without a leader
 * after an address change, #12504 and #12341). Nodes on different versions mean an upgrade left half-done.
 */
final class NodeHealth implements PreflightCheck {

    @Override
    public String name() {
        return "nodeHealth";
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        List<Finding> findings = new ArrayList<>();
        for (ClusterFacts.Node node : facts.nodes()) {
            if (!node.answered()) {
                findings.add(new Finding(name(), Level.blocked, "node " + node.number() + " (" + node.address()
                        + ") does not answer: a rolling upgrade waits for every node to be healthy", List.of()));
                continue;
            }
            node.unready().ifPresent(why -> findings.add(new Finding(name(), Level.blocked, "node " + node.number()
                    + " (" + node.address() + ", " + node.version() + ") is not ready: " + why,
                    List.of("alibaba/nacos#13976"))));
            if (!node.leaderlessGroups().isEmpty()) {
                findings.add(new Finding(name(), Level.blocked, "node " + node.number() + " (" + node.address()
                        + ") knows raft groups without a leader: " + String.join(", ", node.leaderlessGroups()),
                        List.of("alibaba/nacos#12504", "alibaba/nacos#12341")));
            }
        }
        if (facts.versions().size() > 1) {
            findings.add(new Finding(name(), Level.atRisk, "the nodes run different versions (" + String.join(", ",
                    facts.nodes().stream().filter(ClusterFacts.Node::answered)
                            .map(n -> "node " + n.number() + " " + n.version()).toList())
                    + "): an upgrade under way or left half-done", List.of("Nacos upgrade manual: one node at a time")));
        }
        if (findings.isEmpty()) {
            findings.add(Finding.ok(name(), facts.nodes().size() + " node(s) on " + String.join(", ", facts.versions())
                    + ", every one answering and ready, no raft group without a leader"));
        }
        return findings;
    }
}
