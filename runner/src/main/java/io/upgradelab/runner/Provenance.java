package io.upgradelab.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where and with what a run was made: this machine's name and the lab's own version. The journal's
 * first line records both, so a report read elsewhere says where its figures were measured and by
 * which lab; {@code --version} prints the version too. One place reads each.
 */
public final class Provenance {

    private static final String VERSION_RESOURCE = "/io/upgradelab/runner/version.properties";

    private Provenance() {
    }

    /** The lab's version as the build stamped it (version.properties), or "unknown" outside a build. */
    public static String toolVersion() {
        Properties p = new Properties();
        try (InputStream in = Provenance.class.getResourceAsStream(VERSION_RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    /** This machine's name, as the kernel has it (no DNS look-up); "localhost" where it cannot be read. */
    public static String host() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
            return name.isEmpty() ? "localhost" : name;
        } catch (IOException e) {
            return "localhost";
        }
    }
}
