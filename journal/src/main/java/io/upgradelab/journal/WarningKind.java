package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * The kinds of {@link Warning} the runner journals, by the names the journal holds: the runner writes
 * them and the gate and the report read them through this one type, so neither matches the other's text.
 * The constants are the journal's own names, hence lower camel case.
 */
public enum WarningKind {
    /** Not every 2.0/2.1 node reported upgraded=true within the wait (alibaba/nacos #5638, #10293). */
    upgradedNotReached,
    /** Double write turned off on every node, and still not every node reported upgraded=true. */
    upgradeNotForced,
    /** Nacos does not support upgrading between these versions. */
    unsupportedUpgradePath,
    /** A node up on the new version refused registrations past the wait. */
    registrationsRefused,
    /** A node up on the new version did not form a cluster with the others. */
    clusterNotFormed,
    /** A node up on the new version did not hold the registered providers within the wait. */
    nodeNotSynced,
    /** A node still led raft groups after the lab's transfers. */
    raftLeaderStayed,
    /** A known failure sign ({@link FailureSignWarning}). */
    failureSign,
    /**
     * The 3.x console, a process of its own, reached the nodes yet answered its readiness check not
     * ready: a load balancer or probe in front of it would never send it a person ({@link ConsoleStarted}).
     */
    consoleNotReady,
    /**
     * A node rolled back to the version it ran before did not come back on it (did not start, or did not
     * rejoin): the rollback window had closed (e.g. alibaba/nacos #12881, raft storage the newer version wrote).
     */
    nodeNotBack,
    /** A kind a newer lab journalled that this version does not know: read, never written. */
    @JsonEnumDefaultValue
    unknown;

    /** The kind the journal names {@code name}; empty for a name this version does not know. */
    public static Optional<WarningKind> named(String name) {
        return Arrays.stream(values()).filter(kind -> kind.name().equals(name)).findFirst();
    }

    /** Whether a rolling upgrade that journalled this did not finish: the upgrade is not done. */
    public boolean leavesUpgradeUnfinished() {
        return switch (this) {
            case upgradedNotReached, registrationsRefused, clusterNotFormed, nodeNotBack -> true;
            case upgradeNotForced, unsupportedUpgradePath, nodeNotSynced, raftLeaderStayed, failureSign, consoleNotReady,
                    unknown -> false;
        };
    }
}
