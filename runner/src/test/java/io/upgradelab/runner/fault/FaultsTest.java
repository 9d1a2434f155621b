package io.upgradelab.runner.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each fault's steps, in order, against the recording fake run and cluster of the tests' fixture (the
 * real nodes are exercised end to end elsewhere): a fault must undo itself and say so in the journal.
 */
class FaultsTest {

    private final FakeRunContext run = new FakeRunContext();

    @Test
    void everyFaultOfTheLabIsFoundByItsName() {
        assertThat(Faults.names()).contains("delay", "kill", "loss", "partition", "pause", "restart");
    }

    @Test
    void everyFaultNamesTheCapabilityItNeedsAndWhatItDoesToTheNode() {
        assertThat(Faults.named("kill").orElseThrow().needs()).isEqualTo(Capability.KILL);
        assertThat(Faults.named("pause").orElseThrow().action(spec("pause", 1, 5))).isEqualTo(new NodeFault.Pause());
        assertThat(Faults.named("restart").orElseThrow().action(spec("restart", 1, 5))).isEqualTo(new NodeFault.Restart());
        FaultPhase loss = FaultPhase.of("loss", 2, Duration.ofSeconds(30), new NetworkLoss.Parameters(25.0, null));
        assertThat(Faults.named("loss").orElseThrow().needs()).isEqualTo(Capability.NETWORK);
        assertThat(Faults.named("loss").orElseThrow().action(loss))
                .isEqualTo(new NodeFault.Network(NetworkDisturbance.loss(25.0)));
    }

    @Test
    void restartStopsGracefullyWaitsStartsAgainAndRecordsBoth() throws Exception {
        Faults.named("restart").orElseThrow().inject(run, spec("restart", 2, 15));

        assertThat(run.calls()).containsExactly("stopNode [2, GRACEFUL]",
                "record [fault, {action=stopped, fault=restart, node=2}]", "pause [PT15S]", "startNode [2]",
                "record [fault, {action=started, fault=restart, node=2}]");
    }

    @Test
    void killCrashesTheNodeWaitsStartsAgainAndRecordsBoth() throws Exception {
        Faults.named("kill").orElseThrow().inject(run, spec("kill", 1, 5));

        assertThat(run.calls()).containsExactly("stopNode [1, KILL]", "record [fault, {action=killed, fault=kill, node=1}]",
                "pause [PT5S]", "startNode [1]", "record [fault, {action=started, fault=kill, node=1}]");
    }

    @Test
    void restartIsPlannedAsAGracefulStopTheDowntimeAndAStart() {
        assertThat(Faults.named("restart").orElseThrow().expectedTime(spec("restart", 1, 15), "1.4.1"))
                .isEqualTo(NacosVersions.gracefulStopTime("1.4.1").plusSeconds(15).plus(NacosVersions.startTime("1.4.1")));
    }

    @Test
    void pauseResumesTheNodeEvenWhenTheRunIsStoppedDuringIt() {
        run.interruptPausesWith(new InterruptedException("run stopped"));

        assertThatThrownBy(() -> Faults.named("pause").orElseThrow().inject(run, spec("pause", 3, 30)))
                .isInstanceOf(InterruptedException.class).hasMessage("run stopped");

        assertThat(run.calls()).containsExactly("pauseNode [3]", "record [fault, {action=paused, fault=pause, node=3}]",
                "pause [PT30S]", "resumeNode [3]", "record [fault, {action=resumed, fault=pause, node=3}]");
        assertThat(run.fakeCluster().state(3)).isEqualTo(NodeState.UP);
    }

    @Test
    void delayDisturbsTheNodesNetworkAndRestoresItEvenWhenTheRunIsStopped() {
        run.interruptPausesWith(new InterruptedException("run stopped"));

        assertThatThrownBy(() -> Faults.named("delay").orElseThrow().inject(run,
                FaultPhase.of("delay", 2, Duration.ofSeconds(20), new NetworkDelay.Parameters(Duration.ofMillis(300)))))
                .isInstanceOf(InterruptedException.class);

        assertThat(run.calls()).containsExactly(
                "disturbNetwork [2, NetworkDisturbance[kind=DELAY, delay=PT0.3S, lossPercent=0.0, between=ALL]]",
                "record [fault, {action=disturbed, fault=delay, network=delay 300 ms, node=2}]", "pause [PT20S]",
                "restoreNetwork [2]", "record [fault, {action=restored, fault=delay, node=2}]");
        assertThat(run.fakeCluster().disturbance(2)).isEmpty();
    }

    @Test
    void eachFaultBindsItsOwnFieldsAndNamesTheOnesItLacksOrWouldIgnore() {
        assertThat(problems("delay", Map.of("percent", IntNode.valueOf(10))))
                .containsExactly("delay: fault delay needs delay: how much later each packet to the node arrives, e.g. 200ms",
                        "percent: fault delay takes no percent (it takes: delay)");
        assertThat(problems("loss", Map.of()))
                .containsExactly("percent: fault loss needs percent: the share of packets to the node dropped, in percent, e.g. 30");
        assertThat(problems("kill", Map.of("delay", TextNode.valueOf("100ms"))))
                .containsExactly("delay: fault kill takes no delay");
        assertThat(problems("loss", Map.of("percent", TextNode.valueOf("lots")))).singleElement().asString()
                .startsWith("percent: fault loss: Cannot deserialize value of type `double` from String \"lots\"");
        assertThat(problems("delay", Map.of("delay", TextNode.valueOf("0ms"))))
                .containsExactly("delay: a delay of 0 holds nothing back: write how much later packets arrive, e.g. 200ms");
        assertThat(problems("partition", Map.of())).isEmpty();
    }

    @Test
    void aResolvedFaultPhaseCarriesItsFaultsTypedParameters() {
        FaultPhase given = new FaultPhase("delay", 1, Duration.ofSeconds(5),
                new java.util.LinkedHashMap<>(Map.of("delay", TextNode.valueOf("1m30s"))), null);
        FaultPhase resolved = given.resolve(FleetScale.none(200), new Problems());

        assertThat(resolved.parameters(NetworkDelay.Parameters.class))
                .isEqualTo(new NetworkDelay.Parameters(Duration.ofSeconds(90)));
    }

    /** The problems of a fault phase on node 1 of 3 with {@code given} as its extra fields. */
    private static List<String> problems(String fault, Map<String, JsonNode> given) {
        Problems problems = new Problems();
        new FaultPhase(fault, 1, Duration.ofSeconds(5), new java.util.LinkedHashMap<>(given), null)
                .resolve(FleetScale.none(200), problems)
                .plan(new PlannedState(3, "1.4.1", "1x", 2, "local", EnumSet.allOf(Capability.class)), problems);
        return problems.all().stream().map(p -> p.pointer().substring(1) + ": " + p.message()).toList();
    }

    private static FaultPhase spec(String fault, int node, int seconds) {
        return FaultPhase.of(fault, node, Duration.ofSeconds(seconds), new Fault.None());
    }
}
