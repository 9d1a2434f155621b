package io.upgradelab.runner.observe;

import io.upgradelab.journal.MemberStatesSample.View;
import io.upgradelab.journal.MemberStatesSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosApi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How each node sees every member of the cluster ({@code UP}, {@code SUSPICIOUS}, {@code DOWN}),
 * by member number: what shows a partition from the inside. A node cut off from its peers is
 * marked down by them while clients may still reach it; the other way round, its peers keep it up
 * while clients lose it. A node that does not answer is left out of the round, and so is one the
 * node counts of the same round found unreachable: asking a node that is down or still starting
 * could hold the round up to the call's timeout, and every wait of the engine (the steps of a
 * rolling upgrade among them) is paced by rounds. With this observer asking every node every round,
 * the mixed cluster of the CI-size reference experiment stalled short of upgraded=true in 5 of 6 runs
 * here, against none of 2 runs without it (see docs/runs/member-states-stall/).
 */
public final class MemberStates implements Observer {

    @Override
    public String name() {
        return "memberStates";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        List<NodeStatus> nodes = observed.cluster().nodes();
        if (nodes.size() < 2) {
            return;   // a standalone node has no peers to see
        }
        List<View> views = new ArrayList<>();
        for (NodeStatus node : answering(nodes, into.nodes())) {
            try {
                views.add(viewOf(node.number(), observed.cluster().api(node.number()).members(), nodes));
            } catch (NacosApi.NacosApiException e) {
                // not answering: the node counts say so
            }
        }
        if (!views.isEmpty()) {
            journal.append(new MemberStatesSample(views));
        }
    }

    /** The nodes to ask: those this round's node counts ({@code counted}) did not find unreachable. */
    static List<NodeStatus> answering(List<NodeStatus> nodes, List<NodeSample> counted) {
        Set<Integer> unreachable = counted.stream().filter(n -> !n.reachable()).map(NodeSample::node)
                .collect(Collectors.toSet());
        return nodes.stream().filter(n -> !unreachable.contains(n.number())).toList();
    }

    /** After the node counts: it skips the nodes they found unreachable in this round. */
    @Override
    public int stage() {
        return 2;
    }

    /** {@code members} as node {@code node} lists them, by the number of the node whose address each has. */
    static View viewOf(int node, List<ClusterMember> members, List<NodeStatus> nodes) {
        Map<Integer, String> states = new LinkedHashMap<>();
        for (NodeStatus n : nodes) {
            members.stream().filter(m -> m.address().equals(n.address())).findFirst()
                    .ifPresent(m -> states.put(n.number(), m.state()));
        }
        return new View(node, states);
    }
}
