package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NetworkDisturbance.Between;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which packets a loss or a partition of one local node drops, as firewall matches: by address
 * where each node has its own (the bind guard makes every connection a node opens come from it
 * too, so peers and clients are told apart), by port where the nodes share 127.0.0.1.
 *
 * @param dropped the packets dropped
 * @param spared  packets among those that are not: the node's own and its peers', when only its
 *                clients lose it
 */
record NodePackets(List<PacketMatch> dropped, List<PacketMatch> spared) {

    static NodePackets of(LocalClusterSpec spec, int node, NetworkDisturbance disturbance) {
        return spec.nodeAddresses().isEmpty() ? byPorts(spec.portsOf(node), disturbance)
                : byAddresses(spec, node, disturbance);
    }

    /**
     * One shared address: a loss drops what is sent to the node's client ports (HTTP, gRPC for
     * clients), a partition also what is sent to its other ports and what it sends from any of them.
     */
    private static NodePackets byPorts(NodePorts ports, NetworkDisturbance disturbance) {
        if (disturbance.between() != Between.ALL) {
            throw new IllegalArgumentException("nodes on one address cannot tell peers from clients: "
                    + disturbance.describe() + " needs target.local.nodeAddresses");
        }
        List<PacketMatch> dropped = switch (disturbance.kind()) {
            case PARTITION -> ports.byPurpose().keySet().stream()
                    .flatMap(p -> Stream.of(PacketMatch.toPort(p), PacketMatch.fromPort(p))).toList();
            case DELAY, LOSS -> List.of(PacketMatch.toPort(ports.http()), PacketMatch.toPort(ports.grpcClient()));
        };
        return new NodePackets(dropped, List.of());
    }

    /**
     * Addresses of their own: with the peers, every packet between the node and each other node;
     * with the clients, every packet to or from the node but those (and its own); with everyone, a
     * loss drops what is sent to the node, a partition also what it sends.
     */
    private static NodePackets byAddresses(LocalClusterSpec spec, int node, NetworkDisturbance disturbance) {
        String own = spec.hostOf(node);
        List<String> peers = new ArrayList<>();
        for (int n = 1; n <= spec.nodes(); n++) {
            if (n != node) {
                peers.add(spec.hostOf(n));
            }
        }
        return switch (disturbance.between()) {
            case PEERS -> new NodePackets(peers.stream().flatMap(p -> PacketMatch.between(own, p).stream()).toList(),
                    List.of());
            case CLIENTS -> {
                List<PacketMatch> spared = new ArrayList<>(List.of(new PacketMatch(own, own, null, null)));
                peers.forEach(p -> spared.addAll(PacketMatch.between(own, p)));
                yield new NodePackets(List.of(PacketMatch.to(own), PacketMatch.from(own)), spared);
            }
            case ALL -> new NodePackets(switch (disturbance.kind()) {
                case PARTITION -> List.of(PacketMatch.to(own), PacketMatch.from(own));
                case DELAY, LOSS -> List.of(PacketMatch.to(own));
            }, List.of());
        };
    }
}
