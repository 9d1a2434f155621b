package io.upgradelab.runner.phase;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.DoubleWrite;
import io.upgradelab.journal.RaftLeaderTransfer;
import io.upgradelab.journal.UpgradeStep;
import io.upgradelab.journal.Warning;
import io.upgradelab.journal.WarningKind;
import io.upgradelab.runner.backend.ClusterNotFormed;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.RegistrationsRefused;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NamespaceMigrationLog;
import io.upgradelab.runner.nacos.UpgradePath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node moved to another version, as a rolling server upgrade and a rollback both do it, so both wait
 * alike and journal alike: hand the raft groups it leads to a node already there, stop it, start it on
 * {@code to} on its own data, wait until it holds the registered providers, record its double-write state
 * where the path has one; each stage an {@code upgradeStep} line ({@code rollback: true} for a rollback),
 * and the node's {@link RunContext#versionHistory() history} moved forward or back.
 *
 * @param to                   the version the node goes to
 * @param awaitsUpgraded       the phase waits for upgraded=true after its last node (so a node need not
 *                             reach 2.x mode alone)
 * @param moveRaftLeadersFirst hand the node's raft groups over before it stops
 * @param syncTimeout          how long the node may take to hold the providers again before a warning
 * @param rollback             a rollback to the version the node ran before
 */
record ServerStep(String to, boolean awaitsUpgraded, boolean moveRaftLeadersFirst, Duration syncTimeout,
                  boolean rollback) {

    private static final int LEADER_TRANSFER_ATTEMPTS = 5;
    /**
     * Quiet time around a leadership transfer: a read pending on a follower times out after 2 s, and
     * one that fails while the new leader has committed nothing is written to the log (see
     * {@link #moveRaftLeadership}). Measured safe with 8 s before and after (2 of 2 runs).
     */
    private static final Duration READS_DRAIN = Duration.ofSeconds(8);

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

    /** Node {@code node}: stopped, started on {@link #to}, waited for; journalled stage by stage. */
    void run(RunContext run, NodeStatus node) throws InterruptedException {
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
        run.record(UpgradeStep.stopping(node.number(), node.version(), to).asRollback(rollback));
        try {
            run.cluster().upgradeNode(node.number(), to, !awaitsUpgraded);
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
        run.record(UpgradeStep.up(node.number(), node.version(), to, (System.nanoTime() - began) / 1e9).asRollback(rollback));
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
        run.record(UpgradeStep.done(node.number(), node.version(), to, (System.nanoTime() - began) / 1e9)
                .asRollback(rollback));
        if (rollback) {
            run.versionHistory().undone(node.number());
        } else {
            run.versionHistory().changed(node.number(), node.version());
        }
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

    /** Journals, once per path, that Nacos does not support it (the run goes on: a gate judges what it did). */
    static void warnUnsupported(RunContext run, List<UpgradePath> paths) {
        paths.stream().distinct().forEach(path -> path.unsupported().ifPresent(message -> {
            run.record(Warning.unsupportedPath(path.from(), path.to(), message));
            run.say("warning: " + message);
        }));
    }
}
