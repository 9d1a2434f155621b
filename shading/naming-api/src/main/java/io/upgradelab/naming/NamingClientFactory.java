package io.upgradelab.naming;

/**
 * One nacos-client version, shaded under a prefix of its own: what it is and how to make a client
 * of it, a naming client (the fleet's providers) or a config client (the runner's config
 * listeners). Each shaded jar registers one in {@code META-INF/services}, so a JVM holding several
 * versions side by side finds them all by {@link java.util.ServiceLoader}, and adding a version
 * needs no Java class outside its jar.
 */
public interface NamingClientFactory {

    /** The version the client reports to the servers, read from the client itself, e.g. {@code 2.3.2}. */
    String clientVersion();

    /**
     * Whether the client keeps each instance alive by a beat of its own over HTTP (1.x), rather
     * than by one connection per client (2.x).
     */
    boolean beatsPerInstance();

    /** Beats every client of this version in this JVM has sent so far; 0 where there are none. */
    long beatsSent();

    /** A new client connected to the servers of {@code settings}; throws IllegalStateException when it cannot start. */
    NamingClient connect(NamingSettings settings);

    /** A new config client connected to the servers of {@code settings}; throws IllegalStateException when it cannot start. */
    ConfigClient connectConfigs(ConfigSettings settings);
}
