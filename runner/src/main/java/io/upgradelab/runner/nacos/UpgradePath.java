package io.upgradelab.runner.nacos;

import java.util.Collection;
import java.util.Optional;

/**
 * One node's move from one server version to another, and what the two versions make it need: the
 * lab chooses the waits of a rolling server upgrade from this, not from the experiment file.
 *
 * <ul>
 *   <li>1.x to 2.0/2.1: the mixed cluster double-writes the v1 and v2 models, and the upgrade ends
 *       when every node reports {@code upgraded=true} ({@link #awaitsUpgraded}).</li>
 *   <li>2.x to 2.x: no double write and no such state: each node's readiness (members agree, the
 *       raft leaders known, registrations accepted) is the whole wait; the raft groups a leaving
 *       node leads are handed to another node first, so no election stalls writes
 *       ({@link #anyHeir}).</li>
 *   <li>1.x or 2.x to 3.x: each node's first start copies the configs of namespace {@code ''} to
 *       {@code public} ({@link #migratesNamespace}); the lab journals what it copied and how long it took.</li>
 *   <li>1.x to 2.2 or later: unsupported by Nacos, which dropped the 1.x compatibility in 2.2; it
 *       runs, so that a gate can show what it does ({@link #unsupported}).</li>
 * </ul>
 *
 * <p>Whether a cluster of given versions must serve 2.x clients ({@link #twoXModeDue}) and which step
 * starts its switch to 2.x mode ({@link #endsCompatibilityMode}) are decided here too, so that no
 * backend reads version numbers to choose its waits.
 */
public record UpgradePath(String from, String to) {

    /** Whether the nodes double-write the v1 and v2 models until every node reports {@code upgraded=true}. */
    public boolean awaitsUpgraded() {
        return NacosVersions.isOneX(from) && NacosVersions.hasCompatibilityMode(to);
    }

    /**
     * Whether this step, which leaves the cluster's nodes on {@code versionsAfter}, is the one after
     * which the cluster switches to 2.x mode: the last 1.x node is gone, and a node of 2.0 or 2.1 is
     * there to leave 1.x-compatible mode (the switch takes minutes: a backend gives this step more time).
     */
    public boolean endsCompatibilityMode(Collection<String> versionsAfter) {
        return NacosVersions.isOneX(from) && twoXModeDue(versionsAfter)
                && versionsAfter.stream().anyMatch(NacosVersions::hasCompatibilityMode);
    }

    /**
     * Whether a cluster whose running nodes run {@code versions} must serve in 2.x mode to count as
     * ready: no 1.x node is left for the 1.x-compatible mode to serve, and a node still in that mode
     * refuses 2.x clients. Versions without that mode answer from what they are.
     */
    public static boolean twoXModeDue(Collection<String> versions) {
        return !versions.isEmpty() && versions.stream().noneMatch(NacosVersions::isOneX);
    }

    /**
     * Whether the node's first start on {@code to} copies the configs of namespace {@code ''} to
     * {@code public} before it serves (3.0 renamed the default namespace): every 3.x node does at each
     * start, and the first start after 1.x or 2.x is the one with configs to copy.
     */
    public boolean migratesNamespace() {
        return !NacosVersions.isThreeX(from) && NacosVersions.isThreeX(to);
    }

    /** Whether a node leaving {@code from} may hand its raft groups to any other node, not only one already on {@code to}. */
    public boolean anyHeir() {
        return !NacosVersions.isOneX(from) && !NacosVersions.isOneX(to);
    }

    /** Why Nacos does not support this path, with its issues; empty when it does. */
    public Optional<String> unsupported() {
        boolean fromOneX = NacosVersions.isOneX(from);
        boolean toOneX = NacosVersions.isOneX(to);
        if (fromOneX && !toOneX && !NacosVersions.hasCompatibilityMode(to)) {
            return Optional.of("Nacos does not support a rolling upgrade from " + from + " to " + to + ": 2.2 dropped"
                    + " the 1.x compatibility, so services can go offline once the last node runs " + to
                    + " (alibaba/nacos #9815, #11420); the supported path goes through 2.0 or 2.1 first, e.g. "
                    + from + " -> 2.0.4 -> " + to);
        }
        if (!fromOneX && toOneX) {
            return Optional.of("Nacos does not support a rolling downgrade from " + from + " to " + to
                    + ": the 1.x nodes cannot read what the 2.x nodes wrote");
        }
        return Optional.empty();
    }
}
