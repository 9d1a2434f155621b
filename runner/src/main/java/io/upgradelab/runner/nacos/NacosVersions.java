package io.upgradelab.runner.nacos;

import io.upgradelab.naming.VersionOrder;
import java.time.Duration;
import java.util.Comparator;

/**
 * What the lab knows of a Nacos server version without running it: its generation, whether it has
 * the 1.x-compatible mode a 1.x-to-2.x upgrade goes through, and how long it takes to stop and start
 * here, for plans and waits.
 */
public final class NacosVersions {

    /** Numeric order, so 2.10.0 sorts after 2.9.0: the one order of server and client versions ({@link VersionOrder}). */
    public static final Comparator<String> ORDER = VersionOrder.NUMERIC;

    private NacosVersions() {
    }

    /** A 1.x server: HTTP heartbeats, no 2.x mode to wait for. */
    public static boolean isOneX(String version) {
        return version.startsWith("1.");
    }

    /**
     * A 2.0 or 2.1 server: joined to 1.x nodes it double-writes the v1 and v2 data models and serves
     * in 1.x-compatible mode until every node reports {@code upgraded=true}. From 2.2 on that mode and
     * its upgrade endpoint are gone (alibaba/nacos #9815, #11420), so 2.2+ cannot take over from 1.x
     * node by node; 3.x has neither.
     */
    public static boolean hasCompatibilityMode(String version) {
        return ORDER.compare(version, "2") >= 0 && ORDER.compare(version, "2.2") < 0;
    }

    /**
     * A 3.x server: observed through its v3 admin and client APIs only (3.0 and 3.1 still answer some
     * v1 and v2 calls behind compatibility switches, the admin ones off by default; 3.2 removed them
     * all); run as deployment type {@code server} on {@code nacos.server.main.port}; and started only
     * with a token key and a server identity, auth being on for its admin API and between servers.
     */
    public static boolean isThreeX(String version) {
        return ORDER.compare(version, "3") >= 0;
    }

    /**
     * A server without the v1 and v2 HTTP APIs at all: 3.2 removed them (3.0 and 3.1 kept them behind
     * switches), so nacos-client 1.x, which speaks v1 for everything, cannot register or read there.
     * The 3.x line from 3.2 on; of a later line nothing is known here.
     */
    public static boolean withoutV1(String version) {
        return ORDER.compare(version, "3.2") >= 0 && ORDER.compare(version, "4") < 0;
    }

    /**
     * Whether a node that says it runs {@code reported} runs {@code version}: the same, or that release
     * with a build's qualifier (the republished 3.1.0 says {@code 3.1.0-bugfix}).
     */
    public static boolean sameRelease(String reported, String version) {
        return reported.equals(version) || reported.startsWith(version + "-");
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
