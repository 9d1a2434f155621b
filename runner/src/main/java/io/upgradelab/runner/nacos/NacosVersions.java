package io.upgradelab.runner.nacos;

import java.time.Duration;

/**
 * What the lab knows of a Nacos server version without running it: its generation, and how long
 * it takes to stop and start here, for plans and waits.
 */
public final class NacosVersions {

    private NacosVersions() {
    }

    /** A 1.x server: HTTP heartbeats, no 2.x mode to wait for. */
    public static boolean isOneX(String version) {
        return version.startsWith("1.");
    }

    /** Time a node of {@code version} needs to stop gracefully, measured here (bench/cluster-boot). */
    public static Duration gracefulStopTime(String version) {
        return isOneX(version) ? Duration.ofSeconds(30) : Duration.ofSeconds(5);
    }

    /** Time a node of {@code version} needs to start and rejoin a cluster, measured here. */
    public static Duration startTime(String version) {
        return Duration.ofSeconds(isOneX(version) ? 25 : 30);
    }
}
