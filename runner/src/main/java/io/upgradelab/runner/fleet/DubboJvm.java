package io.upgradelab.runner.fleet;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a real Dubbo JVM of one client generation is launched: its build (providers/demo-dubbo27 for
 * 1x, demo-dubbo32 for 2x) and the settings that keep it on loopback.
 *
 * <p>Dubbo calls every 127.* address invalid and falls back to resolving the host name for the
 * address it registers. With every network interface ignored and a hosts file of its own that maps
 * this host's name to 127.0.0.1 ({@code jdk.net.hosts.file}), that fallback is 127.0.0.1 on any
 * machine. Its server sockets are kept on loopback by the demo's own transporter, and everything
 * else by the lab's bind guard.
 */
final class DubboJvm {

    /** Client generation -> the module that builds its Dubbo demo; adding one is adding an entry. */
    private static final Map<String, String> MODULES = Map.of(
            "1x", "providers/demo-dubbo27",     // Dubbo 2.7.23 + nacos-client 1.4.1
            "2x", "providers/demo-dubbo32");    // Dubbo 3.2.19 + nacos-client 2.0.4

    private DubboJvm() {
    }

    static List<String> command(String generation, Path directory, Map<String, String> dubboProperties,
                                String mainClass, List<String> args) {
        String module = MODULES.get(generation);
        if (module == null) {
            throw LabException.invalidInput("unknown client generation '" + generation + "': expected one of "
                    + String.join(", ", MODULES.keySet()));
        }
        Path target = LabHome.root().resolve(module).resolve("target");
        if (!Files.isRegularFile(target.resolve("demo-provider.jar"))) {
            throw new LabException(LabException.FAILED, target.resolve("demo-provider.jar")
                    + " is missing: build with ./mvnw -q package -DskipTests");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC",
                // Dubbo 2.7 generates adaptive extensions with javassist, which needs these on JDK 17
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.math=ALL-UNNAMED",
                "-cp", target.resolve("demo-provider.jar") + ":" + target.resolve("lib") + "/*",
                "-Duser.home=" + directory.resolve("user-home"),
                "-DJM.LOG.PATH=" + directory.resolve("logs"),
                "-DJM.SNAPSHOT.PATH=" + directory.resolve("user-home"),
                "-Djdk.net.hosts.file=" + hostsFile(directory),
                "-Ddubbo.network.interface.ignored=.*",
                "-Ddubbo.application.logger=jdk",
                "-Djava.util.logging.config.file=" + loggingConfig(directory)));
        dubboProperties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /** This host's name (and localhost) on 127.0.0.1 only. */
    private static Path hostsFile(Path directory) {
        String host;
        try {
            host = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        } catch (IOException e) {
            host = "localhost";
        }
        return write(directory.resolve("hosts"), "127.0.0.1 localhost " + host + "\n::1 localhost\n");
    }

    private static Path loggingConfig(Path directory) {
        try (var in = DubboJvm.class.getResourceAsStream("/io/upgradelab/runner/fleet/dubbo-logging.properties")) {
            return write(directory.resolve("logging.properties"), new String(in.readAllBytes()));
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write the Dubbo logging configuration: " + e);
        }
    }

    private static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write " + file + ": " + e);
        }
    }
}
