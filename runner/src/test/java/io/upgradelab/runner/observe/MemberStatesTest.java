package io.upgradelab.runner.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.ClusterMember;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A node's member list read as states by member number, the way a partition shows from inside. */
class MemberStatesTest {

    private static final List<NodeStatus> NODES = List.of(
            node(1, "127.0.0.11:8848"), node(2, "127.0.0.12:8848"), node(3, "127.0.0.13:8848"));

    @Test
    void eachMemberIsNumberedByItsAddress() {
        List<ClusterMember> seenBy1 = List.of(member("127.0.0.13:8848", "DOWN"), member("127.0.0.11:8848", "UP"),
                member("127.0.0.12:8848", "SUSPICIOUS"));
        assertThat(MemberStates.viewOf(1, seenBy1, NODES).members())
                .containsExactly(Map.entry(1, "UP"), Map.entry(2, "SUSPICIOUS"), Map.entry(3, "DOWN"));
    }

    @Test
    void aMemberTheNodeDoesNotListIsAbsentNotUp() {
        List<ClusterMember> seenBy2 = List.of(member("127.0.0.12:8848", "UP"), member("127.0.0.99:8848", "UP"));
        assertThat(MemberStates.viewOf(2, seenBy2, NODES).members()).containsExactly(Map.entry(2, "UP"));
    }

    @Test
    void aNodeTheNodeCountsFoundUnreachableIsNotAskedInTheSameRound() {
        List<NodeSample> counted = List.of(new NodeSample(1, "2.0.4", true, 1, 10, 10, 0, 0, null),
                NodeSample.unreachable(2, "2.0.4", "connection refused"));
        assertThat(MemberStates.answering(NODES, counted)).extracting(NodeStatus::number).containsExactly(1, 3);
        assertThat(MemberStates.answering(NODES, List.of())).as("before the first count").hasSize(3);
    }

    @Test
    void itRunsAfterTheNodeCounts() {
        List<String> order = Observers.all().stream().map(Observer::name).toList();
        assertThat(order.indexOf("nodeCounts")).isLessThan(order.indexOf("memberStates"));
    }

    @Test
    void itIsAnObserverOfEveryRun() {
        assertThat(Observers.all()).extracting(Observer::name).contains("memberStates");
    }

    private static NodeStatus node(int number, String address) {
        return new NodeStatus(number, address, "2.0.4", 100 + number, NodeState.UP, Path.of("node.log"));
    }

    private static ClusterMember member(String address, String state) {
        String[] hostPort = address.split(":");
        return new ClusterMember(address, hostPort[0], Integer.parseInt(hostPort[1]), state, "2.0.4", Map.of(), null);
    }
}
