package org.upgradelab.demo;

/**
 * The nacos-client settings a lab program takes from the runner beyond where to register, as system properties of
 * its JVM, read where the program builds its registry. Named here, in the module the runner shares with the
 * programs, so the runner that sets one and the program that reads it cannot spell it differently.
 */
public final class NamingOptions {

    /**
     * {@code true}: the program's nacos-client keeps its last instance list when the server pushes an empty one
     * ({@code namingPushEmptyProtection}, off by default in every client version), so a registry that loses its
     * instances for a while does not take the consumer's providers with it.
     */
    public static final String PUSH_EMPTY_PROTECTION = "upgradelab.naming.pushEmptyProtection";

    private NamingOptions() {
    }

    /** Whether this JVM was asked for {@link #PUSH_EMPTY_PROTECTION}. */
    public static boolean pushEmptyProtection() {
        return Boolean.getBoolean(PUSH_EMPTY_PROTECTION);
    }
}
