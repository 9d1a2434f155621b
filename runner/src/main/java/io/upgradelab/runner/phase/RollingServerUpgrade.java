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
 * {@link ServerStep} for the Nacos 2.0.4 failure it avoids).
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
        boolean forceUpgrade,
        @SchemaRef("nodeNumbers")
        @JsonPropertyDescription("Only these nodes, by number, in this order: an upgrade stopped part way, e.g. [1] to"
                + " roll back after the first node. Default: every node, node 1 first. A partial upgrade from 1.x does not"
                + " wait for upgraded=true, which needs every node on 2.x.")
        List<Integer> nodes)
        implements Phase {

    /**
     * Nacos 2.0.4 reported upgraded=true 21 s after the last node ran 2.x in a CI-size run here; it
     * takes over 3 minutes while a v1 model holds empty services (an auto-clean removes them).
     */
    private static final Duration TYPICAL_UPGRADED_WAIT = Duration.ofSeconds(30);
    /** From a restarted node being up until the members agree and it holds the providers: 12-16 s here. */
    private static final Duration REJOIN = Duration.ofSeconds(15);
    /**
     * A node checks its double-write switch every 5 s and leaves 1.x-compatible mode when it is off;
     * the rest is margin for a node busy with 1.x heartbeats.
     */
    private static final Duration FORCED_UPGRADE_WAIT = Duration.ofMinutes(1);

    public RollingServerUpgrade {
        syncTimeout = syncTimeout == null ? Duration.ofMinutes(2) : syncTimeout;
        upgradedTimeout = upgradedTimeout == null ? Duration.ofMinutes(5) : upgradedTimeout;
        moveRaftLeadersFirst = moveRaftLeadersFirst == null || moveRaftLeadersFirst;
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** The nodes this phase moves, by number, in order: {@link #nodes}, or all {@code count} of them. */
    private List<Integer> moving(int count) {
        return nodes.isEmpty() ? java.util.stream.IntStream.rangeClosed(1, count).boxed().toList() : nodes;
    }

    /** Whether the cluster has every node off 1.x once the nodes this phase moves run {@link #to}. */
    private boolean wholeClusterOffOneX(List<String> versions) {
        List<Integer> moving = moving(versions.size());
        for (int n = 1; n <= versions.size(); n++) {
            String after = moving.contains(n) ? to : versions.get(n - 1);
            if (NacosVersions.isOneX(after)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String title(PlannedState state) {
        List<UpgradePath> paths = paths(moved(state.nodeVersions()));
        boolean unsupported = paths.stream().anyMatch(p -> p.unsupported().isPresent());
        boolean awaits = awaitsUpgraded(paths) && wholeClusterOffOneX(state.nodeVersions());
        String which = nodes.isEmpty() ? state.nodes() + " nodes" : "node" + (nodes.size() > 1 ? "s " : " ")
                + nodes.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")) + " of "
                + state.nodes();
        return "rolling server upgrade to " + to + " (" + which + ")"
                + (unsupported ? ", a path Nacos does not support" : "")
                + (awaits ? ", then upgraded=true" : "") + (forceUpgrade ? " (forced if it does not come)" : "")
                + (disableDoubleWrite ? ", double write off" : "");
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        state.require(Capability.UPGRADE, problems, "");
        List<Integer> outside = nodes.stream().filter(n -> n < 1 || n > state.nodes()).toList();
        if (!outside.isEmpty() || nodes.stream().distinct().count() < nodes.size()) {
            problems.add("nodes", "expected distinct node numbers from 1 to " + state.nodes() + ", got " + nodes);
            return Duration.ZERO;
        }
        if (moved(state.nodeVersions()).stream().allMatch(to::equals)) {
            problems.add("to", (nodes.isEmpty() ? "every node" : "every node of " + nodes) + " already runs " + to + " here");
        }
        List<UpgradePath> paths = paths(moved(state.nodeVersions()));
        boolean awaits = awaitsUpgraded(paths) && wholeClusterOffOneX(state.nodeVersions());
        if (Boolean.TRUE.equals(awaitUpgraded) && !wholeClusterOffOneX(state.nodeVersions())) {
            problems.add("awaitUpgraded", "upgraded=true needs every node on 2.x; nodes " + nodes + " leave others on 1.x");
        }
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
        for (int node : moving(state.nodes())) {
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

    /** The versions of the nodes this phase moves, in its order. */
    private List<String> moved(List<String> versions) {
        return moving(versions.size()).stream().map(n -> versions.get(n - 1)).toList();
    }

    /** Each node's path, from the version it runs to {@code to}; none for a node already there. */
    private List<UpgradePath> paths(List<String> from) {
        return from.stream().filter(v -> !v.equals(to)).map(v -> new UpgradePath(v, to)).toList();
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        List<String> versions = run.cluster().nodes().stream().map(NodeStatus::version).toList();
        List<UpgradePath> paths = paths(moved(versions));
        boolean awaits = awaitsUpgraded(paths) && wholeClusterOffOneX(versions);
        ServerStep.warnUnsupported(run, paths);
        if (!paths.isEmpty()) {
            migrateStorage(run);
        }
        for (int number : moving(versions.size())) {
            NodeStatus node = run.cluster().nodes().get(number - 1);
            if (node.version().equals(to)) {
                run.say("node " + node.number() + " already runs " + to);
                continue;
            }
            new ServerStep(to, awaits, moveRaftLeadersFirst, syncTimeout, false).run(run, node);
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

}
