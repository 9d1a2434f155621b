package io.upgradelab.runner.nacos;

import java.util.Map;

/**
 * One member as a node reports it in {@code GET /nacos/v1/core/cluster/nodes}.
 *
 * @param address {@code ip:port}, the address the member advertises to the cluster
 * @param state   {@code UP}, {@code SUSPICIOUS}, {@code DOWN} or {@code STARTING}
 * @param version the member's server version, from its {@code extendInfo}; empty until the member
 *                has reported to the node that answers
 * @param raftLeaders leader address per raft group, as far as the answering node knows it (a node
 *                publishes this only for itself)
 * @param readyToUpgrade whether the member passed its own check for the switch to 2.x mode, as the
 *                answering node knows it (2.0 and 2.1 publish it while in 1.x-compatible mode); null
 *                where it says nothing
 */
public record ClusterMember(String address, String ip, int port, String state, String version,
                            Map<String, String> raftLeaders, Boolean readyToUpgrade) {

    public ClusterMember {
        raftLeaders = Map.copyOf(raftLeaders);
    }

    public boolean isUp() {
        return "UP".equals(state);
    }
}
