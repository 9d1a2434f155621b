package io.upgradelab.runner.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.nacos.UpgradePath;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The one readiness every backend waits on after its own "up", against nodes answered from memory
 * ({@link InMemoryNodes}): a formed cluster that takes registrations is ready; a node that sees a
 * peer otherwise, or knows no raft leader, is a cluster not formed; a node that refuses registrations
 * is refused registrations; and 2.x mode is waited for only where {@link UpgradePath} says it is due.
 */
class NodeReadinessTest {

    /** Long enough for the polls below, short enough for a failure to come quickly ("within 0 s"). */
    private static final Duration SHORT = Duration.ofMillis(300);
    private static final Duration LONG = Duration.ofSeconds(20);
    private static final Path LOG = Path.of("node-1", "console.log");

    private final InMemoryNodes nodes = new InMemoryNodes();
    private final List<String> progress = new CopyOnWriteArrayList<>();

    private NodeReadiness readiness(boolean configRaft) {
        return new NodeReadiness(nodes::running, new NodeReadiness.Shape(false, configRaft, LOG, Duration.ofMillis(5)),
                progress::add);
    }

    private NodeReadiness readiness() {
        return readiness(true);
    }

    private void cluster(String... versions) {
        for (int n = 1; n <= versions.length; n++) {
            nodes.add(n, versions[n - 1]);
        }
    }

    @Test
    void aFormedClusterThatTakesRegistrationsIsReadyAndItsCanariesAreGone() {
        cluster("1.4.1", "1.4.1", "1.4.1");

        readiness().await(SHORT);

        for (int n = 1; n <= 3; n++) {
            assertThat(nodes.node(n).registrations()).as("node %d: a canary for every node's share", n)
                    .isEqualTo(NodeReadiness.CANARIES_PER_NODE * 3);
            assertThat(nodes.node(n).modeQuestions()).as("1.x: no 2.x mode to ask for").isZero();
        }
        assertThat(nodes.canaryServices()).as("deleted once registered").isEmpty();
    }

    @Test
    void aNodeThatSeesAPeerDownMeansTheClusterDidNotFormAndNothingIsRegistered() {
        cluster("1.4.1", "1.4.1", "1.4.1");
        nodes.node(2).seesAs(nodes.node(3), "DOWN");

        assertThatThrownBy(() -> readiness().await(SHORT)).isInstanceOf(ClusterNotFormed.class)
                .hasMessage("the cluster did not form within 0 s: node 2 (127.0.0.1:8858, 1.4.1) sees 127.0.0.1:8868"
                        + " as DOWN 1.4.1, not UP 1.4.1")
                .satisfies(e -> assertThat(((LabException) e).logFile()).contains(LOG));
        assertThat(nodes.node(1).registrations() + nodes.node(2).registrations() + nodes.node(3).registrations())
                .isZero();
    }

    @Test
    void aClusterWithoutAConfigRaftLeaderHasNotFormedUnlessItsConfigsLiveElsewhere() {
        cluster("2.3.2", "2.3.2", "2.3.2");
        nodes.node(3).withoutRaftLeader();

        assertThatThrownBy(() -> readiness().await(SHORT)).isInstanceOf(ClusterNotFormed.class)
                .hasMessageContaining("node 3 (127.0.0.1:8868, 2.3.2) has no leader for raft group nacos_config");
        readiness(false).await(SHORT);
        assertThat(nodes.node(3).registrations()).isPositive();
    }

    @Test
    void aNodeThatKeepsRefusingRegistrationsIsRefusedRegistrationsAndTheCanariesAreRemovedAllTheSame() {
        cluster("1.4.1", "2.0.4", "2.0.4");
        nodes.node(2).refusing(Integer.MAX_VALUE);

        assertThatThrownBy(() -> readiness().await(SHORT)).isInstanceOf(RegistrationsRefused.class)
                .hasMessage("the cluster does not accept registrations within 0 s: node 2 (127.0.0.1:8858, 2.0.4) does"
                        + " not accept registrations yet: POST http://127.0.0.1:8858/nacos/v1/ns/instance answered 400:"
                        + " receive invalid redirect request from peer")
                .satisfies(e -> assertThat(((LabException) e).logFile()).contains(LOG));
        assertThat(nodes.node(1).registrations()).as("node 1 took its canaries before node 2 refused").isPositive();
        assertThat(nodes.canaryServices()).isEmpty();
    }

    @Test
    void aRefusalThatPassesIsWaitedOut() {
        cluster("1.4.1", "2.0.4", "2.0.4");
        nodes.node(2).refusing(3);

        readiness().await(LONG);

        assertThat(nodes.node(2).registrations()).isEqualTo(NodeReadiness.CANARIES_PER_NODE * 3);
    }

    @Test
    void onceEveryNodeRunsTwoXANodeStillInCompatibilityModeMeansTheClusterDidNotForm() {
        cluster("2.0.4", "2.0.4", "2.0.4");
        nodes.node(1).compatibleFor(Integer.MAX_VALUE);

        assertThatThrownBy(() -> readiness().await(SHORT)).isInstanceOf(ClusterNotFormed.class)
                .hasMessage("the cluster did not form within 0 s: node 1 (127.0.0.1:8848, 2.0.4) still serves in"
                        + " 1.x-compatible mode (upgraded=false): it would refuse 2.x clients");
        assertThat(nodes.node(1).registrations()).isZero();
    }

    @Test
    void aMixedClusterIsNotAskedForTwoXMode() {
        cluster("1.4.1", "2.0.4", "2.0.4");
        nodes.node(2).compatibleFor(Integer.MAX_VALUE);

        readiness().await(SHORT);

        assertThat(nodes.node(2).modeQuestions()).isZero();
        assertThat(nodes.node(3).modeQuestions()).isZero();
    }

    @Test
    void theStepThatEndsTheCompatibilityModeWaitsForTheSwitchAndSaysSo() {
        cluster("2.0.4", "2.0.4", "2.0.4");
        nodes.node(3).compatibleFor(4);

        readiness().awaitUpgrade(new UpgradePath("1.4.1", "2.0.4"), List.of("2.0.4", "2.0.4", "2.0.4"), LONG, true);

        assertThat(progress).contains(
                "every node runs 2.x: waiting for the cluster to leave 1.x-compatible mode (upgraded=true)");
        assertThat(nodes.node(3).modeQuestions()).as("asked until it switched").isEqualTo(5);
        assertThat(nodes.node(3).registrations()).isPositive();
    }

    @Test
    void aCallerThatWaitsForTheSwitchItselfGetsAClusterStillInCompatibilityMode() {
        cluster("2.0.4", "2.0.4", "2.0.4");
        nodes.node(3).compatibleFor(Integer.MAX_VALUE);

        readiness().awaitUpgrade(new UpgradePath("1.4.1", "2.0.4"), List.of("2.0.4", "2.0.4", "2.0.4"), SHORT, false);

        assertThat(nodes.node(3).modeQuestions()).isZero();
        assertThat(progress).noneMatch(line -> line.startsWith("every node runs 2.x"));
    }

    @Test
    void aStepBetweenTwoXVersionsStillNeedsTwoXModeButNoSwitchToWaitFor() {
        cluster("2.3.2", "2.0.4", "2.0.4");

        readiness().awaitUpgrade(new UpgradePath("2.0.4", "2.3.2"), List.of("2.3.2", "2.0.4", "2.0.4"), SHORT, true);

        assertThat(nodes.node(1).modeQuestions()).as("every node runs 2.x: its mode is checked").isPositive();
        assertThat(progress).noneMatch(line -> line.startsWith("every node runs 2.x"));
    }

    @Test
    void aRegistrationAnsweredGoneEndsTheWaitAtOnceSayingWhy() {
        cluster("3.1.0", "2.3.2", "2.3.2");
        nodes.node(2).gone();

        assertThatThrownBy(() -> readiness().await(LONG)).isInstanceOf(LabException.class)
                .hasMessageContaining("node 2 (").hasMessageContaining("refuses registrations over HTTP")
                .hasMessageContaining("answered 410");
        assertThat(nodes.node(2).registrations()).as("asked once, not for 20 s").isEqualTo(1);
    }

    @Test
    void onlyTheStepThatEndsTheCompatibilityModeGetsMoreTime() {
        Duration start = Duration.ofMinutes(3);
        List<String> allOnTwoZero = List.of("2.0.4", "2.0.4", "2.0.4");
        assertThat(NodeReadiness.upgradeTimeout(new UpgradePath("1.4.1", "2.0.4"), allOnTwoZero, start, true))
                .isEqualTo(start.plus(NodeReadiness.SWITCH_TO_TWO_X));
        assertThat(NodeReadiness.upgradeTimeout(new UpgradePath("1.4.1", "2.0.4"), allOnTwoZero, start, false))
                .as("the caller waits for the switch").isEqualTo(start);
        assertThat(NodeReadiness.upgradeTimeout(new UpgradePath("1.4.1", "2.0.4"), List.of("2.0.4", "1.4.1", "1.4.1"),
                start, true)).as("a 1.x node is left").isEqualTo(start);
        assertThat(NodeReadiness.upgradeTimeout(new UpgradePath("2.0.4", "2.3.2"), List.of("2.3.2", "2.3.2", "2.3.2"),
                start, true)).as("no 1.x-compatible mode to leave").isEqualTo(start);
        assertThat(NodeReadiness.upgradeTimeout(new UpgradePath("1.4.1", "2.3.2"), List.of("2.3.2", "2.3.2", "2.3.2"),
                start, true)).as("2.2 and later have no such mode").isEqualTo(start);
    }
}
