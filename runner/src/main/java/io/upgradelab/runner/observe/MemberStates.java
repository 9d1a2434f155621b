package io.upgradelab.runner.observe;

import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosApi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How each node sees every member of the cluster ({@code UP}, {@code SUSPICIOUS}, {@code DOWN}),
 * by member number: what shows a partition from the inside. A node cut off from its peers is
 * marked down by them while clients may still reach it; the other way round, its peers keep it up
 * while clients lose it. A node that does not answer is left out of the round.
 */
public final class MemberStates implements Observer {

    /**
     * One node's view.
     *
     * @param node    the answering node's number
     * @param members each member's state, by member number (from 1); a member it does not list is absent
     */
    public record View(int node, Map<Integer, String> members) {
    }

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
        for (NodeStatus node : nodes) {
            try {
                views.add(viewOf(node.number(), observed.cluster().api(node.number()).members(), nodes));
            } catch (NacosApi.NacosApiException e) {
                // not answering: the node counts say so
            }
        }
        if (!views.isEmpty()) {
            journal.append("sample", Map.of("observer", name(), "views", views));
        }
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
