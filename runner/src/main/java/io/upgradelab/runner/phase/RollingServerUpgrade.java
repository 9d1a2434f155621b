package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.DoubleWrite;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.RaftLeaderTransfer;
import io.upgradelab.journal.UpgradeForced;
import io.upgradelab.journal.UpgradeStep;
import io.upgradelab.journal.Warning;
import io.upgradelab.journal.WarningKind;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.backend.ClusterNotFormed;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.RegistrationsRefused;
import io.upgradelab.runner.condition.Upgraded;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.nacos.NamespaceMigrationLog;
import io.upgradelab.runner.nacos.UpgradePath;
import io.upgradelab.journal.UpgradeSample;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The servers' rolling upgrade, node by node: stop, start {@code to} on the same data and cluster
 * configuration, wait until the cluster agrees on its members and the node holds the registered
 * providers, record its double-write state, next node. The versions choose the waits ({@link
 * UpgradePath}): for 1.x to 2.0/2.1, wait until every node reports {@code upgraded=true} ({@code
 * awaitUpgraded}); between 2.x versions there is no double write and no such state, each node's
 * readiness is the wait; 1.x straight to 2.2+, which Nacos does not support, runs with a warning.
 * One experiment may hold several of these phases (1.4.1 to 2.0.4 to 2.3.2). Optionally
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
@JsonTypeName(PhaseStarted.ROLLING_SERVER_UPGRADE)
@JsonClassDescription("The servers' rolling upgrade, node by node: stop gracefully, start 'to' on the same data and"
        + " cluster configuration, wait until the members agree and the node holds the registered providers, next"
        + " node. Then, for a 1.x to 2.x upgrade, wait until every node reports upgraded=true.")
public record RollingServerUpgrade(
        @JsonProperty(required = true) @SchemaRef("version")
        @JsonPropertyDescription("The Nacos version every node is upgraded to, e.g. 2.0.4.")
        String to,
        @JsonPropertyDescription("After the last node, wait until every node reports upgraded=true (out of"
                + " 1.x-compatible mode: 2.x clients are served). Default: chosen by the versions, true from 1.x to"
                + " 2.0 or 2.1, the only upgrades with that state (2.x to 2.x and 2.2+ have none). Nacos 2.0.4 takes"
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
        syncTimeout = syncTimeout == null ? Duration.ofMinutes(2) : syncTimeout;
        upgradedTimeout = upgradedTimeout == null ? Duration.ofMinutes(5) : upgradedTimeout;
        moveRaftLeadersFirst = moveRaftLeadersFirst == null || moveRaftLeadersFirst;
    }

    @Override
    public String title(PlannedState state) {
        List<UpgradePath> paths = paths(state.nodeVersions());
        boolean unsupported = paths.stream().anyMatch(p -> p.unsupported().isPresent());
        return "rolling server upgrade to " + to + " (" + state.nodes() + " nodes)"
                + (unsupported ? ", a path Nacos does not support" : "")
                + (awaitsUpgraded(paths) ? ", then upgraded=true" : "") + (forceUpgrade ? " (forced if it does not come)" : "")
                + (disableDoubleWrite ? ", double write off" : "");
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        state.require(Capability.UPGRADE, problems, "");
        if (state.nodeVersions().stream().allMatch(to::equals)) {
            problems.add("to", "every node already runs " + to + " here");
        }
        List<UpgradePath> paths = paths(state.nodeVersions());
        boolean awaits = awaitsUpgraded(paths);
        if (Boolean.TRUE.equals(awaitUpgraded) && paths.stream().noneMatch(UpgradePath::awaitsUpgraded)) {
            problems.add("awaitUpgraded", "upgraded=true is the end of a 1.x to 2.0/2.1 upgrade's 1.x-compatible mode;"
                    + " " + String.join(", ", paths.stream().map(p -> p.from() + " -> " + p.to()).distinct().toList())
                    + " has none");
        }
        if (disableDoubleWrite && !awaits) {
            problems.add("disableDoubleWrite", "turn double write off only after upgraded=true (set awaitUpgraded)");
        }
        if (forceUpgrade && !awaits) {
            problems.add("forceUpgrade", "forces upgraded=true when it does not come; needs awaitUpgraded");
        }
        if (NacosVersions.withoutV1(to) && ClientVersions.isOneX(state.fleetClient()) && state.providers() > 0) {
            problems.add("to", "Nacos " + to + " has no v1 API (3.2 removed it), which the fleet's nacos-client "
                    + state.fleetClient() + " calls: upgrade the fleet's clients to 2.x or later first");
        }
        boolean servedTwoX = state.servesTwoX();
        Duration expected = Duration.ZERO;
        for (int node = 1; node <= state.nodes(); node++) {
            String from = state.nodeVersions().get(node - 1);
            if (!from.equals(to)) {
                expected = expected.plus(NacosVersions.gracefulStopTime(from)).plus(NacosVersions.startTime(to))
                        .plus(REJOIN);
                state.setNodeVersion(node, to);
            }
        }
        boolean noCompatibilityMode = state.nodeVersions().stream().noneMatch(NacosVersions::hasCompatibilityMode);
        state.setUpgraded(state.everyNodeOnTwoX() && (awaits || servedTwoX || noCompatibilityMode));
        return awaits ? expected.plus(TYPICAL_UPGRADED_WAIT) : expected;
    }

    /** Whether the phase waits for upgraded=true after the nodes' {@code paths}: as set, or as the paths need. */
    private boolean awaitsUpgraded(List<UpgradePath> paths) {
        return awaitUpgraded != null ? awaitUpgraded : paths.stream().anyMatch(UpgradePath::awaitsUpgraded);
    }

    /** Each node's path, from the version it runs to {@code to}; none for a node already there. */
    private List<UpgradePath> paths(List<String> from) {
        return from.stream().filter(v -> !v.equals(to)).map(v -> new UpgradePath(v, to)).toList();
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        List<UpgradePath> paths = paths(run.cluster().nodes().stream().map(NodeStatus::version).toList());
        boolean awaits = awaitsUpgraded(paths);
        warnUnsupported(run, paths);
        if (!paths.isEmpty()) {
            migrateStorage(run);
        }
        for (NodeStatus node : run.cluster().nodes()) {
            if (node.version().equals(to)) {
                run.say("node " + node.number() + " already runs " + to);
                continue;
            }
            upgradeStep(run, node, awaits);
        }
        boolean upgraded = !awaits || awaitUpgraded(run);
        if (!upgraded && forceUpgrade) {
            upgraded = forceUpgrade(run);
        }
        if (disableDoubleWrite && !upgraded) {
            run.say("warning: double write stays on: turning it off before upgraded=true loses what only the v1 model"
                    + " holds (alibaba/nacos #5775)");
        } else if (disableDoubleWrite) {
            for (NodeStatus node : run.cluster().nodes()) {
                run.cluster().api(node.number()).setSwitch("doubleWriteEnabled", "false");
                run.record(DoubleWrite.turnedOff(node.number(), "turned off"));
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
            run.record(Warning.withStatuses(WarningKind.upgradedNotReached, run.observations().upgrades(), message));
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
            run.record(DoubleWrite.turnedOff(node, "turned off to force the upgrade"));
            run.say("node " + node + ": double write off, to force upgraded=true");
        }
        try {
            run.awaitCondition(new Upgraded(), FORCED_UPGRADE_WAIT, "every node reports upgraded=true");
            run.record(new UpgradeForced(order, "every node reports upgraded=true after double write was turned off"));
            return true;
        } catch (PhaseFailure e) {
            run.record(Warning.withStatuses(WarningKind.upgradeNotForced, run.observations().upgrades(),
                    "double write is off on every node and still " + e.getMessage()));
            run.say("warning: double write off, and still " + e.getMessage());
            return false;
        }
    }

    /**
     * Brings a shared database to {@code to}'s schema before the first node of {@code to} starts, as
     * Nacos's upgrade notes tell operators (e.g. 2.2's {@code encrypted_data_key} columns: without
     * them a 2.2+ node cannot write configs); journalled as {@code storageMigrated}.
     */
    private void migrateStorage(RunContext run) {
        run.cluster().migrateStorage(to).ifPresent(migration -> {
            run.record(migration);
            run.say(migration.describe());
        });
    }

    /**
     * Journals what the node's first start on 3.x copied between namespaces {@code ''} and {@code public},
     * and how long it took, as the node logged it; says so where its logs are not the lab's to read or hold
     * no finished migration (3.3 dropped it).
     */
    private static void recordNamespaceMigration(RunContext run, int node, Optional<NamespaceMigrationLog> log) {
        log.flatMap(NamespaceMigrationLog::migration).ifPresentOrElse(m -> {
            run.record(m);
            run.say(m.describe());
        }, () -> run.say("node " + node + ": no finished namespace migration in its log"));
    }

    /** Journals, once per path, that Nacos does not support it (the run goes on: a gate judges what it did). */
    private static void warnUnsupported(RunContext run, List<UpgradePath> paths) {
        paths.stream().distinct().forEach(path -> path.unsupported().ifPresent(message -> {
            run.record(Warning.unsupportedPath(path.from(), path.to(), message));
            run.say("warning: " + message);
        }));
    }

    private void upgradeStep(RunContext run, NodeStatus node, boolean awaits) throws InterruptedException {
        UpgradePath path = new UpgradePath(node.version(), to);
        if (moveRaftLeadersFirst) {
            moveRaftLeadership(run, node, path);
        }
        // followed from before the stop, so that only what the node's next start logs is read
        Optional<NamespaceMigrationLog> migrationLog = path.migratesNamespace()
                ? run.cluster().logDirectory(node.number())
                        .map(logs -> NamespaceMigrationLog.following(node.number(), to, logs))
                : Optional.empty();
        long began = System.nanoTime();
        run.record(UpgradeStep.stopping(node.number(), node.version(), to));
        try {
            run.cluster().upgradeNode(node.number(), to, !awaits);
        } catch (RegistrationsRefused e) {
            run.record(Warning.onNode(WarningKind.registrationsRefused, node.number(), e.getMessage()));
            run.say("warning: " + e.getMessage() + "; going on");
        } catch (ClusterNotFormed e) {
            if (path.unsupported().isEmpty()) {
                throw e;
            }
            run.record(Warning.onNode(WarningKind.clusterNotFormed, node.number(), e.getMessage()));
            run.say("warning: " + e.getMessage() + "; going on along the unsupported path");
        }
        run.record(UpgradeStep.up(node.number(), node.version(), to, (System.nanoTime() - began) / 1e9));
        if (path.migratesNamespace()) {
            recordNamespaceMigration(run, node.number(), migrationLog);
        }
        try {
            run.awaitCondition(new NodeHoldsProviders(node.number()), syncTimeout,
                    "node " + node.number() + " holds the registered providers");
        } catch (PhaseFailure e) {
            run.record(Warning.onNode(WarningKind.nodeNotSynced, node.number(), e.getMessage()));
            run.say("warning: " + e.getMessage() + "; going on");
        }
        if (path.awaitsUpgraded()) {
            recordDoubleWrite(run, node);
        }
        run.record(UpgradeStep.done(node.number(), node.version(), to, (System.nanoTime() - began) / 1e9));
    }

    /**
     * Hands every raft group {@code leaving} leads to a node already on {@code to} (between 2.x
     * versions, to any other node while none is), before it stops.
     * Why: Nacos 2.0.4 writes a linear read that fails during a leader election into the raft log
     * ("go to Leader read"), then reads that entry back as a write without an operation and stops
     * the group for good ("No enum constant ...BasePersistentServiceProcessor.Op."), so upgraded=true
     * never comes (alibaba/nacos #7757, fixed in 2.1.0). Stopping a 1.x leader while 2.x nodes are
     * members starts that election; a transfer with no new services for a few seconds around it
     * (services trigger the reads) avoided it in every run here. Between 2.x versions the same hand-over
     * spares the writes an election's stall when the leader stops.
     */
    private void moveRaftLeadership(RunContext run, NodeStatus leaving, UpgradePath path) throws InterruptedException {
        NodeStatus heir = run.cluster().nodes().stream()
                .filter(n -> n.number() != leaving.number() && n.state() == NodeState.UP)
                .filter(n -> n.version().equals(to) || path.anyHeir())
                .min(java.util.Comparator.comparing(n -> !n.version().equals(to))).orElse(null);
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
            run.record(new RaftLeaderTransfer(leaving.number(), heir.number(), led));
            run.say("node " + leaving.number() + " leads " + led + ": leadership handed to node " + heir.number());
            run.pause(Duration.ofSeconds(3));
        }
        run.record(Warning.onNode(WarningKind.raftLeaderStayed, leaving.number(),
                "still leads raft groups after " + LEADER_TRANSFER_ATTEMPTS + " transfers"));
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
        run.record(DoubleWrite.observed(node.number(), metrics.path("isDoubleWriteEnabled").asBoolean(),
                metrics.path("upgraded").asBoolean(), metrics.path("instanceCountV1").asInt(),
                metrics.path("instanceCountV2").asInt()));
        run.say("node " + node.number() + ": double write " + (metrics.path("isDoubleWriteEnabled").asBoolean()
                ? "on" : "off") + ", instances v1 " + metrics.path("instanceCountV1").asInt() + " / v2 "
                + metrics.path("instanceCountV2").asInt());
    }
}
