package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.RegistrationsRefused;
import io.upgradelab.runner.condition.Upgraded;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.observe.UpgradeSample;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The servers' rolling upgrade, node by node: stop, start {@code to} on the same data and cluster
 * configuration, wait until the cluster agrees on its members and the node holds the registered
 * providers, record its double-write state, next node. Then, for a 1.x-to-2.x upgrade, wait until
 * every node reports {@code upgraded=true} ({@code awaitUpgraded}, default on), and optionally
 * turn double write off ({@code disableDoubleWrite}). When a node never gets there, the operator's
 * remedy can be applied ({@code forceUpgrade}; see {@link #forceUpgrade}). Before a node stops, the raft groups it leads
 * are handed to a node already upgraded ({@code moveRaftLeadersFirst}, default on; see
 * {@link #moveRaftLeadership} for the Nacos 2.0.4 failure it avoids).
 *
 * @param syncTimeout     how long a restarted node may take to hold the providers again before the
 *                        run notes it (a warning, not a failure: an overloaded 1.x cluster never does)
 * @param upgradedTimeout how long to wait for {@code upgraded=true} on every node; when it does not come,
 *                        a warning (the run goes on and measures the cluster as it is; the gate's
 *                        upgradeWithin fails it)
 * @param forceUpgrade    when {@code upgraded=true} does not come within {@code upgradedTimeout}, turn
 *                        double write off on every node, which makes each leave 1.x-compatible mode
 */
@JsonTypeName("rollingServerUpgrade")
@JsonClassDescription("The servers' rolling upgrade, node by node: stop gracefully, start 'to' on the same data and"
        + " cluster configuration, wait until the members agree and the node holds the registered providers, next"
        + " node. Then, for a 1.x to 2.x upgrade, wait until every node reports upgraded=true.")
public record RollingServerUpgrade(
        @JsonProperty(required = true) @SchemaRef("version")
        @JsonPropertyDescription("The Nacos version every node is upgraded to, e.g. 2.0.4.")
        String to,
        @JsonPropertyDescription("After the last node, wait until every node reports upgraded=true (out of"
                + " 1.x-compatible mode: 2.x clients are served). Default: true when 'to' is 2.x. Nacos 2.0.4 takes"
                + " ~20 s here, over 3 minutes while its v1 model holds empty services.")
        Boolean awaitUpgraded,
        @JsonPropertyDescription("Then turn the mixed cluster's double write of the v1 and v2 data models off on every"
                + " node. Needs awaitUpgraded. Default false.")
        boolean disableDoubleWrite,
        @JsonPropertyDescription("How long a restarted node may take to hold the registered providers again before the"
                + " run notes a warning (not a failure: an overloaded 1.x cluster never does). Default 2m.")
        Duration syncTimeout,
        @JsonPropertyDescription("How long to wait for upgraded=true on every node. When it does not come, the phase"
                + " journals a warning (upgradedNotReached; the gate's upgradeWithin fails it) and goes on, or forces"
                + " it (forceUpgrade). Default 5m.")
        Duration upgradedTimeout,
        @JsonPropertyDescription("Before a node stops, hand the raft groups it leads to a node already on 'to'"
                + " (journalled as raftLeaderTransfer). Default true. Without it, stopping a 1.x raft leader while"
                + " 2.0.4 nodes are members can start an election during which Nacos 2.0.4 writes a failed linear read"
                + " into the raft log and then stops the naming_persistent_service group for good (No enum constant"
                + " ...BasePersistentServiceProcessor.Op.): upgraded=true never comes.")
        Boolean moveRaftLeadersFirst,
        @JsonPropertyDescription("When upgraded=true does not come within upgradedTimeout, apply the remedy Nacos's"
                + " maintainers give (alibaba/nacos #9185, #11513): turn double write off on every node, stuck nodes"
                + " first, so each leaves 1.x-compatible mode; journalled as doubleWrite and upgradeForced (or an"
                + " upgradeNotForced warning). The upgradedNotReached warning stays. Needs awaitUpgraded. Default"
                + " false.")
        boolean forceUpgrade)
        implements Phase {

    /**
     * Nacos 2.0.4 reported upgraded=true 21 s after the last node ran 2.x in a CI-size run here; it
     * takes over 3 minutes while a v1 model holds empty services (an auto-clean removes them).
     */
    private static final Duration TYPICAL_UPGRADED_WAIT = Duration.ofSeconds(30);
    /** From a restarted node being up until the members agree and it holds the providers: 12-16 s here. */
    private static final Duration REJOIN = Duration.ofSeconds(15);
    private static final int LEADER_TRANSFER_ATTEMPTS = 5;
    /**
     * Quiet time around a leadership transfer: a read pending on a follower times out after 2 s, and
     * one that fails while the new leader has committed nothing is written to the log (see
     * {@link #moveRaftLeadership}). Measured safe with 8 s before and after (2 of 2 runs).
     */
    private static final Duration READS_DRAIN = Duration.ofSeconds(8);
    /**
     * A node checks its double-write switch every 5 s and leaves 1.x-compatible mode when it is off;
     * the rest is margin for a node busy with 1.x heartbeats.
     */
    private static final Duration FORCED_UPGRADE_WAIT = Duration.ofMinutes(1);

    public RollingServerUpgrade {
        awaitUpgraded = awaitUpgraded == null ? !NacosVersions.isOneX(to == null ? "1." : to) : awaitUpgraded;
        syncTimeout = syncTimeout == null ? Duration.ofMinutes(2) : syncTimeout;
        upgradedTimeout = upgradedTimeout == null ? Duration.ofMinutes(5) : upgradedTimeout;
        moveRaftLeadersFirst = moveRaftLeadersFirst == null || moveRaftLeadersFirst;
    }

    @Override
    public String title(PlannedState state) {
        return "rolling server upgrade to " + to + " (" + state.nodes() + " nodes)"
                + (awaitUpgraded ? ", then upgraded=true" : "") + (forceUpgrade ? " (forced if it does not come)" : "")
                + (disableDoubleWrite ? ", double write off" : "");
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        state.require(Capability.UPGRADE, problems, "");
        if (state.nodeVersions().stream().allMatch(to::equals)) {
            problems.add("to", "every node already runs " + to + " here");
        }
        if (awaitUpgraded && NacosVersions.isOneX(to)) {
            problems.add("awaitUpgraded", "upgraded=true is a 2.x state; " + to + " never reports it");
        }
        if (disableDoubleWrite && !awaitUpgraded) {
            problems.add("disableDoubleWrite", "turn double write off only after upgraded=true (set awaitUpgraded)");
        }
        if (forceUpgrade && !awaitUpgraded) {
            problems.add("forceUpgrade", "forces upgraded=true when it does not come; needs awaitUpgraded");
        }
        Duration expected = Duration.ZERO;
        for (int node = 1; node <= state.nodes(); node++) {
            String from = state.nodeVersions().get(node - 1);
            if (!from.equals(to)) {
                expected = expected.plus(NacosVersions.gracefulStopTime(from)).plus(NacosVersions.startTime(to))
                        .plus(REJOIN);
                state.setNodeVersion(node, to);
            }
        }
        state.setUpgraded(state.everyNodeOnTwoX() && awaitUpgraded);
        return awaitUpgraded ? expected.plus(TYPICAL_UPGRADED_WAIT) : expected;
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        for (NodeStatus node : run.cluster().nodes()) {
            if (node.version().equals(to)) {
                run.say("node " + node.number() + " already runs " + to);
                continue;
            }
            upgradeStep(run, node);
        }
        boolean upgraded = !awaitUpgraded || awaitUpgraded(run);
        if (!upgraded && forceUpgrade) {
            upgraded = forceUpgrade(run);
        }
        if (disableDoubleWrite && !upgraded) {
            run.say("warning: double write stays on: turning it off before upgraded=true loses what only the v1 model"
                    + " holds (alibaba/nacos #5775)");
        } else if (disableDoubleWrite) {
            for (NodeStatus node : run.cluster().nodes()) {
                run.cluster().api(node.number()).setSwitch("doubleWriteEnabled", "false");
                run.record("doubleWrite", Map.of("node", node.number(), "enabled", false, "action", "turned off"));
            }
        }
    }

    /**
     * Waits for {@code upgraded=true} on every node. When it does not come within {@code
     * upgradedTimeout}, a known Nacos failure (alibaba/nacos #5638, #10293: a node's v1 and v2 models
     * never agree, so its readiness stays false), the phase journals a warning with every node's state
     * and goes on, so the run measures what consumers feel next; the gate's upgradeWithin fails it.
     */
    private boolean awaitUpgraded(RunContext run) throws InterruptedException {
        try {
            run.awaitCondition(new Upgraded(), upgradedTimeout, "every node reports upgraded=true");
            return true;
        } catch (PhaseFailure e) {
            String nodes = run.observations().upgrades().stream().map(u -> "node " + u.node() + " upgraded="
                    + u.upgraded() + " (v1 " + u.instanceCountV1() + " / v2 " + u.instanceCountV2() + " instances)")
                    .collect(java.util.stream.Collectors.joining(", "));
            String message = "not every node reports upgraded=true within " + Durations.text(upgradedTimeout) + ": "
                    + nodes + " (alibaba/nacos #5638, #10293); " + (forceUpgrade ? "forcing it: double write off"
                    : "going on with a cluster partly in 1.x-compatible mode");
            run.record("warning", Map.of("kind", "upgradedNotReached", "message", message,
                    "nodes", run.observations().upgrades()));
            run.say("warning: " + message);
            return false;
        }
    }

    /**
     * The remedy Nacos's maintainers give for a node stuck at "upgrade check result false"
     * (alibaba/nacos #9185, #11513): turn double write off. Each node checks that switch every 5 s
     * and, once it is off, stops its v1 model and serves in 2.x mode whatever its counts say. Why
     * it gets stuck here: once every node runs 2.0.x, a node stops copying v1 changes into v2
     * ({@code DoubleWriteEventListener.doubleWriteToV2} returns when all members are 2.x) while
     * 1.x clients go on changing v1 (instances expire and re-register under load), so its
     * self-check, equal v1 and v2 counts, never passes. The switch is set node by node, the stuck
     * ones first, on that node only: the cluster's consistency protocol is what a stuck node
     * disagrees on. The 1.x clients re-register whatever v2 lacks at their next heartbeat.
     *
     * @return whether every node then reports upgraded=true (a second warning when not)
     */
    private boolean forceUpgrade(RunContext run) throws InterruptedException {
        List<Integer> order = run.observations().upgrades().stream()
                .sorted(java.util.Comparator.comparing(UpgradeSample::upgraded))
                .map(UpgradeSample::node).toList();
        for (int node : order) {
            run.cluster().api(node).setSwitchOnThisNode("doubleWriteEnabled", "false");
            run.record("doubleWrite", Map.of("node", node, "enabled", false, "action", "turned off to force the upgrade"));
            run.say("node " + node + ": double write off, to force upgraded=true");
        }
        try {
            run.awaitCondition(new Upgraded(), FORCED_UPGRADE_WAIT, "every node reports upgraded=true");
            run.record("upgradeForced", Map.of("nodes", order, "message",
                    "every node reports upgraded=true after double write was turned off"));
            return true;
        } catch (PhaseFailure e) {
            run.record("warning", Map.of("kind", "upgradeNotForced", "message", "double write is off on every node"
                    + " and still " + e.getMessage(), "nodes", run.observations().upgrades()));
            run.say("warning: double write off, and still " + e.getMessage());
            return false;
        }
    }

    private void upgradeStep(RunContext run, NodeStatus node) throws InterruptedException {
        if (moveRaftLeadersFirst) {
            moveRaftLeadership(run, node);
        }
        long began = System.nanoTime();
        run.record("upgradeStep", Map.of("node", node.number(), "from", node.version(), "to", to, "stage", "stopping"));
        try {
            run.cluster().upgradeNode(node.number(), to, !awaitUpgraded);
        } catch (RegistrationsRefused e) {
            run.record("warning", Map.of("kind", "registrationsRefused", "node", node.number(), "message",
                    e.getMessage()));
            run.say("warning: " + e.getMessage() + "; going on");
        }
        run.record("upgradeStep", Map.of("node", node.number(), "from", node.version(), "to", to, "stage", "up",
                "seconds", (System.nanoTime() - began) / 1e9));
        try {
            run.awaitCondition(new NodeHoldsProviders(node.number()), syncTimeout,
                    "node " + node.number() + " holds the registered providers");
        } catch (PhaseFailure e) {
            run.record("warning", Map.of("kind", "nodeNotSynced", "node", node.number(), "message", e.getMessage()));
            run.say("warning: " + e.getMessage() + "; going on");
        }
        if (!NacosVersions.isOneX(to)) {
            recordDoubleWrite(run, node);
        }
        run.record("upgradeStep", Map.of("node", node.number(), "from", node.version(), "to", to, "stage", "done",
                "seconds", (System.nanoTime() - began) / 1e9));
    }

    /**
     * Hands every raft group {@code leaving} leads to a node already on {@code to}, before it stops.
     * Why: Nacos 2.0.4 writes a linear read that fails during a leader election into the raft log
     * ("go to Leader read"), then reads that entry back as a write without an operation and stops
     * the group for good ("No enum constant ...BasePersistentServiceProcessor.Op."), so upgraded=true
     * never comes (alibaba/nacos #7757, fixed in 2.1.0). Stopping a 1.x leader while 2.x nodes are
     * members starts that election; a transfer with no new services for a few seconds around it
     * (services trigger the reads) avoided it in every run here.
     */
    private void moveRaftLeadership(RunContext run, NodeStatus leaving) throws InterruptedException {
        NodeStatus heir = run.cluster().nodes().stream()
                .filter(n -> n.number() != leaving.number() && n.version().equals(to)).findFirst().orElse(null);
        if (heir == null || groupsLedBy(run, leaving, heir).isEmpty()) {
            return;   // no node on the new version yet (an election among old ones is harmless), or nothing led
        }
        run.pause(READS_DRAIN);
        for (int attempt = 1; attempt <= LEADER_TRANSFER_ATTEMPTS; attempt++) {
            List<String> led = groupsLedBy(run, leaving, heir);
            if (led.isEmpty()) {
                run.pause(READS_DRAIN);
                return;
            }
            for (String group : led) {
                run.cluster().api(heir.number()).transferRaftLeader(group, NacosApi.raftAddressOf(heir.address()));
            }
            run.record("raftLeaderTransfer", Map.of("from", leaving.number(), "to", heir.number(), "groups", led));
            run.say("node " + leaving.number() + " leads " + led + ": leadership handed to node " + heir.number());
            run.pause(Duration.ofSeconds(3));
        }
        run.record("warning", Map.of("kind", "raftLeaderStayed", "node", leaving.number(),
                "message", "still leads raft groups after " + LEADER_TRANSFER_ATTEMPTS + " transfers"));
    }

    /** The raft groups {@code leader} leads, as {@code witness} (a 2.x node) reports them. */
    private static List<String> groupsLedBy(RunContext run, NodeStatus leader, NodeStatus witness) {
        String raft = NacosApi.raftAddressOf(leader.address());
        return run.cluster().api(witness.number()).members().stream()
                .filter(m -> m.address().equals(witness.address())).findFirst()
                .map(m -> m.raftLeaders().entrySet().stream().filter(e -> e.getValue().equals(raft))
                        .map(Map.Entry::getKey).toList())
                .orElse(List.of());
    }

    /** The node's double write and data models after its step; nothing from 2.2 on, which has neither. */
    private static void recordDoubleWrite(RunContext run, NodeStatus node) {
        run.cluster().api(node.number()).upgradeMetrics().ifPresent(metrics -> recordDoubleWrite(run, node, metrics));
    }

    private static void recordDoubleWrite(RunContext run, NodeStatus node, JsonNode metrics) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("node", node.number());
        fields.put("enabled", metrics.path("isDoubleWriteEnabled").asBoolean());
        fields.put("upgraded", metrics.path("upgraded").asBoolean());
        fields.put("instanceCountV1", metrics.path("instanceCountV1").asInt());
        fields.put("instanceCountV2", metrics.path("instanceCountV2").asInt());
        run.record("doubleWrite", fields);
        run.say("node " + node.number() + ": double write " + (metrics.path("isDoubleWriteEnabled").asBoolean()
                ? "on" : "off") + ", instances v1 " + metrics.path("instanceCountV1").asInt() + " / v2 "
                + metrics.path("instanceCountV2").asInt());
    }
}
