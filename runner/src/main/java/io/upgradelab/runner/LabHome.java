package io.upgradelab.runner;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where this installation of upgrade-lab lives, and where the build put the Nacos servers and clients.
 *
 * <p>The {@code upgrade-lab} launcher passes {@code -Dupgradelab.home=<repository root>}; tests do
 * the same through the build. {@code UPGRADE_LAB_SERVERS} (or {@code -Dupgradelab.servers}) points
 * at another distributions directory, e.g. one shared by several checkouts.
 */
public final class LabHome {

    private LabHome() {
    }

    public static Path root() {
        String home = System.getProperty("upgradelab.home");
        return Path.of(home == null ? "." : home).toAbsolutePath().normalize();
    }

    /** The directory holding one sub-directory per Nacos server version. */
    public static Path serverDistributions() {
        String explicit = System.getProperty("upgradelab.servers", System.getenv("UPGRADE_LAB_SERVERS"));
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath().normalize();
        }
        return root().resolve("runner/nacos-servers/target/dist");
    }

    /**
     * The directory holding one sub-directory per nacos-client version, as shading/ laid them out
     * (each with {@code client.properties} and the unrelocated client's {@code lib/}).
     */
    public static Path clientDistributions() {
        return root().resolve("shading/target/clients");
    }

    /** The default parent of run directories: ./runs under the current directory. */
    public static Path defaultRunsDirectory() {
        return Path.of("runs").toAbsolutePath().normalize();
    }

    public static boolean isBuilt() {
        return Files.isDirectory(serverDistributions());
    }
}
