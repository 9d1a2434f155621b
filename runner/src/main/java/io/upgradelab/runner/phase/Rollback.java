package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.Warning;
import io.upgradelab.journal.WarningKind;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.UpgradePath;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What an operator does when step k of an upgrade goes wrong: every node moved so far goes back to the
 * version it ran before, node by node, the last moved first, on its own data (Nacos's manual: keep the old
 * distribution for this). Each node is one {@link ServerStep}, as in the upgrade: the same waits, the same
 * journal lines ({@code rollback: true}), the same observers (failure signs, configs). A node that does not
 * come back is what the rollback window is about (raft storage the newer version wrote, alibaba/nacos
 * #12881): journalled ({@code nodeNotBack}) and the phase fails there.
 *
 * @param syncTimeout          how long a node may take to hold the providers again before a warning (default 2m)
 * @param moveRaftLeadersFirst hand the raft groups a node leads to another before it stops (default true)
 */
@JsonTypeName("rollback")
@JsonClassDescription("Rolls back every node a server upgrade moved so far to the version it ran before, node by node,"
        + " the last moved first, on its own data: what an operator does when an upgrade goes wrong part way. Each step"
        + " is journalled as an upgradeStep with rollback: true, with the same waits as the upgrade; a node that does not"
        + " come back is journalled (nodeNotBack) and fails the phase.")
public record Rollback(
        @JsonPropertyDescription("How long a rolled-back node may take to hold the registered providers again before the"
                + " run notes a warning. Default 2m.")
        Duration syncTimeout,
        @JsonPropertyDescription("Before a node stops, hand the raft groups it leads to another node. Default true.")
        Boolean moveRaftLeadersFirst) implements Phase {

    private static final Duration REJOIN = Duration.ofSeconds(15);

    public Rollback {
        syncTimeout = syncTimeout == null ? Duration.ofMinutes(2) : syncTimeout;
        moveRaftLeadersFirst = moveRaftLeadersFirst == null || moveRaftLeadersFirst;
    }

    @Override
    public String title(PlannedState state) {
        List<Integer> nodes = state.history().lastChangedFirst();
        return "roll back " + (nodes.isEmpty() ? "no node" : "node" + (nodes.size() > 1 ? "s " : " ")
                + nodes.stream().map(n -> n + " to " + state.history().before(n).orElse("?"))
                .collect(Collectors.joining(", ")));
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        state.require(Capability.UPGRADE, problems, "");
        List<Integer> nodes = state.history().lastChangedFirst();
        if (nodes.isEmpty()) {
            problems.add("", "no server upgrade moved a node before this phase: nothing to roll back");
        }
        Duration expected = Duration.ZERO;
        for (int node : nodes) {
            String from = state.nodeVersions().get(node - 1);
            String back = state.rollBack(node).orElseThrow();
            expected = expected.plus(NacosVersions.gracefulStopTime(from)).plus(NacosVersions.startTime(back)).plus(REJOIN);
        }
        if (!state.everyNodeOnTwoX()) {
            state.setUpgraded(false);
        }
        return expected;
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        for (int number : run.versionHistory().lastChangedFirst()) {
            NodeStatus node = run.cluster().nodes().get(number - 1);
            String back = run.versionHistory().before(number).orElseThrow();
            ServerStep.warnUnsupported(run, List.of(new UpgradePath(node.version(), back)));
            run.say("node " + number + ": rolling back " + node.version() + " -> " + back);
            try {
                new ServerStep(back, false, moveRaftLeadersFirst, syncTimeout, true).run(run, node);
            } catch (PhaseFailure e) {
                throw e;
            } catch (RuntimeException e) {
                String message = "node " + number + " did not come back on " + back + " after " + node.version() + ": "
                        + e.getMessage();
                run.record(Warning.onNode(WarningKind.nodeNotBack, number, message));
                run.say("warning: " + message);
                throw new PhaseFailure(message, e);
            }
        }
    }
}
