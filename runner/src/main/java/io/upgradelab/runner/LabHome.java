package io.upgradelab.runner;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where this installation of upgrade-lab lives, and where the build put the Nacos servers and clients.
 *
 * <p>The {@code upgrade-lab} launcher passes {@code -Dupgradelab.home=<its own directory>}; tests do
 * the same through the build. That directory is either a built checkout, where each module's output
 * lies in its {@code target/}, or an unpacked distribution ({@code upgrade-lab-<version>.tar.gz},
 * the lab image's {@code /opt/upgrade-lab}), which holds the same tree without the {@code target/}
 * level: one rule ({@link #built}) maps a module to its output in both. {@code UPGRADE_LAB_SERVERS}
 * (or {@code -Dupgradelab.servers}) points at another server distributions directory, e.g. one
 * shared by several checkouts.
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
        return built("runner/nacos-servers").resolve("dist");
    }

    /**
     * What the build of {@code module} (a path from the root, e.g. {@code providers/fleet}) left for
     * the lab to run: its {@code target/} in a checkout (a root with a {@code pom.xml}), the module's
     * own directory in a distribution.
     */
    public static Path built(String module) {
        Path directory = root().resolve(module);
        return isCheckout() ? directory.resolve("target") : directory;
    }

    /** Whether this is a source checkout rather than an unpacked distribution. */
    public static boolean isCheckout() {
        return Files.isRegularFile(root().resolve("pom.xml"));
    }

    /**
     * The directory holding one sub-directory per nacos-client version, as shading/ laid them out
     * (each with {@code client.properties} and the unrelocated client's {@code lib/}).
     */
    public static Path clientDistributions() {
        return built("shading").resolve("clients");
    }

    /** The default parent of run directories: ./runs under the current directory. */
    public static Path defaultRunsDirectory() {
        return Path.of("runs").toAbsolutePath().normalize();
    }

    public static boolean isBuilt() {
        return Files.isDirectory(serverDistributions());
    }
}
