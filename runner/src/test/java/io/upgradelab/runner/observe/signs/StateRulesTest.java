package io.upgradelab.runner.observe.signs;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.journal.UpgradeSample;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each state rule on the cluster states that show its failure, and on those of a healthy upgrade. */
class StateRulesTest {

    @Test
    void readyToUpgradeDisagreeingHoldsForTheNodesThatSayFalse() {
        ClusterState disagreeing = state(nodes("2.0.4", "2.0.4", "2.0.4"), Map.of(1, false, 2, false, 3, true), Map.of());
        assertThat(new ReadyToUpgradeDisagrees().holding(disagreeing))
                .containsOnlyKeys(1, 2).containsEntry(1, "readyToUpgrade false on node 1, true on node 3");

        ClusterState allWaiting = state(nodes("2.0.4", "2.0.4", "2.0.4"), Map.of(1, false, 2, false, 3, false), Map.of());
        ClusterState allReady = state(nodes("2.0.4", "2.0.4", "2.0.4"), Map.of(1, true, 2, true, 3, true), Map.of());
        assertThat(new ReadyToUpgradeDisagrees().holding(allWaiting)).isEmpty();
        assertThat(new ReadyToUpgradeDisagrees().holding(allReady)).isEmpty();
    }

    @Test
    void aNodeInTwoXModeAloneHoldsWhileAnotherIsNotOrStillRunsOneX() {
        ClusterState alone = upgrades(nodes("2.0.4", "2.0.4", "2.0.4"), upgraded(1, false), upgraded(2, false),
                upgraded(3, true));
        assertThat(new UpgradedAlone().holding(alone)).containsOnlyKeys(3)
                .containsEntry(3, "node 3 serves in 2.x mode (upgraded=true) while node 1, 2 does not");
        ClusterState beside1x = upgrades(nodes("1.4.1", "2.0.4", "2.0.4"), upgraded(2, true), upgraded(3, true));
        assertThat(new UpgradedAlone().holding(beside1x)).containsOnlyKeys(2, 3);

        ClusterState together = upgrades(nodes("2.0.4", "2.0.4", "2.0.4"), upgraded(1, true), upgraded(2, true),
                upgraded(3, true));
        ClusterState mixed = upgrades(nodes("1.4.1", "1.4.1", "2.0.4"), upgraded(3, false));
        assertThat(new UpgradedAlone().holding(together)).isEmpty();
        assertThat(new UpgradedAlone().holding(mixed)).isEmpty();
    }

    @Test
    void upgradedLostHoldsOnceANodeThatWasUpgradedIsNotAgain() {
        UpgradedLost rule = new UpgradedLost();
        List<NodeStatus> nodes = nodes("2.0.4", "2.0.4", "2.0.4");
        assertThat(rule.holding(upgrades(nodes, upgraded(1, false), upgraded(2, false)))).isEmpty();
        assertThat(rule.holding(upgrades(nodes, upgraded(1, true), upgraded(2, true)))).isEmpty();
        assertThat(rule.holding(upgrades(nodes, upgraded(1, true)))).as("node 2 restarting: no sample").isEmpty();

        assertThat(rule.holding(upgrades(nodes, upgraded(1, true), new UpgradeSample(2, false, true, false, 0, 0, 0, 0))))
                .containsOnlyKeys(2).containsEntry(2, "node 2 reports upgraded=false after it had served in 2.x mode,"
                        + " with double write off");
    }

    @Test
    void doubleWriteBackOnHoldsOnceANodeThatHadItOffHasItOn() {
        DoubleWriteBackOn rule = new DoubleWriteBackOn();
        List<NodeStatus> nodes = nodes("2.0.4");
        assertThat(rule.holding(upgrades(nodes, doubleWrite(1, true)))).isEmpty();
        assertThat(rule.holding(upgrades(nodes, doubleWrite(1, false)))).isEmpty();
        assertThat(rule.holding(upgrades(nodes, doubleWrite(1, true)))).containsOnlyKeys(1);
    }

    @Test
    void v1ServicesMissingInV2HoldsOnlyInTwoXMode() {
        List<NodeStatus> nodes = nodes("2.0.4", "2.0.4");
        ClusterState state = upgrades(nodes, new UpgradeSample(1, true, true, true, 22, 282, 20, 280, 2),
                new UpgradeSample(2, false, true, true, 22, 282, 20, 280, 2));
        assertThat(new V1ServicesMissingInV2().holding(state)).containsOnlyKeys(1)
                .containsEntry(1, "node 1 serves in 2.x mode with 2 service(s) of its v1 model missing from v2"
                        + " (service.V1.not.in.V2)");
        assertThat(new V1ServicesMissingInV2().holding(upgrades(nodes, upgraded(1, true)))).isEmpty();
    }

    @Test
    void aNodeOfTwoTwoOrLaterBesideOneXHolds() {
        assertThat(new OneXBesideTwoTwo().holding(upgrades(nodes("1.4.1", "1.4.1", "2.2.3")))).containsOnlyKeys(3)
                .containsEntry(3, "node 3 runs 2.2.3 beside 1.x on node 1, 2: no 1.x-compatible mode from 2.2 on");
        assertThat(new OneXBesideTwoTwo().holding(upgrades(nodes("1.4.1", "2.3.2", "3.1.0")))).containsOnlyKeys(2, 3);
        assertThat(new OneXBesideTwoTwo().holding(upgrades(nodes("1.4.1", "2.0.4", "2.1.2")))).isEmpty();
        assertThat(new OneXBesideTwoTwo().holding(upgrades(nodes("2.0.4", "2.2.3", "2.2.3")))).isEmpty();
    }

    @Test
    void aClosedGrpcPortHoldsForItsNode() {
        ClusterState state = state(nodes("2.0.4", "2.0.4"), Map.of(), Map.of(1, true, 2, false));
        assertThat(new GrpcPortClosed().holding(state)).containsOnlyKeys(2);
    }

    @Test
    void aNodeThatAnswersButIsNotReadyHoldsWithWhatItSaid() {
        ClusterState state = new ClusterState(nodes("3.1.0", "3.1.0"), Set.of(1, 2), Map.of(), Map.of(), Map.of(),
                Map.of(2, "naming not in readiness"));
        assertThat(new NotReady().holding(state)).containsOnlyKeys(2)
                .containsEntry(2, "node 2 answers, but fails its readiness check: naming not in readiness");
        assertThat(new NotReady().holding(state(nodes("3.1.0"), Map.of(), Map.of()))).isEmpty();
    }

    private static List<NodeStatus> nodes(String... versions) {
        return java.util.stream.IntStream.range(0, versions.length).mapToObj(i -> new NodeStatus(i + 1,
                "127.0.0.1:" + (8848 + 10 * i), versions[i], 100 + i, NodeState.UP, null)).toList();
    }

    private static UpgradeSample upgraded(int node, boolean upgraded) {
        return new UpgradeSample(node, upgraded, true, true, 20, 280, 20, 280);
    }

    private static UpgradeSample doubleWrite(int node, boolean on) {
        return new UpgradeSample(node, true, true, on, 20, 280, 20, 280);
    }

    private static ClusterState upgrades(List<NodeStatus> nodes, UpgradeSample... upgrades) {
        return new ClusterState(nodes, numbers(nodes), Arrays.stream(upgrades)
                .collect(Collectors.toMap(UpgradeSample::node, Function.identity())), Map.of(), Map.of(), Map.of());
    }

    private static ClusterState state(List<NodeStatus> nodes, Map<Integer, Boolean> ready, Map<Integer, Boolean> grpc) {
        return new ClusterState(nodes, numbers(nodes), Map.of(), ready, grpc, Map.of());
    }

    private static Set<Integer> numbers(List<NodeStatus> nodes) {
        return nodes.stream().map(NodeStatus::number).collect(Collectors.toSet());
    }
}
