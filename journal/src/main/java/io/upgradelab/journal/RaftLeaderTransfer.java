package io.upgradelab.journal;

import java.util.List;

/**
 * The lab handed the raft groups a node leads to another node before stopping it, sparing the cluster an
 * election (which a mixed 1.x/2.x cluster may never finish: alibaba/nacos #7757).
 *
 * @param from   the node that led them and is about to stop
 * @param to     the node that leads them now
 * @param groups the raft groups handed over
 */
@LineType("raftLeaderTransfer")
public record RaftLeaderTransfer(int from, int to, List<String> groups) {
}
