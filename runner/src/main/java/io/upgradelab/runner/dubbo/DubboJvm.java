package io.upgradelab.runner.dubbo;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.clients.ClientDistribution;
import io.upgradelab.runner.clients.ClientDistribution.LaidOutJar;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.process.JvmFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a real Dubbo JVM on one nacos-client version is launched: the build of the program for that
 * version's Dubbo line ({@link DubboProgram}), the client version's own libraries beside it
 * ({@link DubboClasspath}), and the settings that keep it on loopback.
 *
 * <p>Dubbo calls every 127.* address invalid and falls back to looking for another, on the network
 * interfaces and through the host name. With every interface ignored and a hosts file of its own
 * that maps this host's name to 127.0.0.1 ({@code jdk.net.hosts.file}), that search finds nothing
 * off the machine; the process's own address ({@code UPGRADE_LAB_ADDRESS}) is then what it
 * registers, set by the demo's code ({@code LabAddress.applyToDubbo}). Its server sockets are kept
 * there by the demo's own transporter, and everything else by the lab's bind guard.
 */
public final class DubboJvm {

    private static final String HESSIAN2_WHITELIST = "dubbo.application.hessian2.whitelist";

    /** The heap of every Dubbo program (the probe, a demo provider); their pods' memory follows it. */
    public static final String HEAP = "256m";

    private DubboJvm() {
    }

    /**
     * The command line of {@code program} on nacos-client {@code clientVersion} (a version or a
     * shorthand), running {@code mainClass} with {@code args} in {@code directory} (its user.home,
     * logs, hosts file).
     */
    public static List<String> command(DubboProgram program, String clientVersion, Path directory,
                                       Map<String, String> dubboProperties, String mainClass, List<String> args) {
        ClientDistribution client = ClientDistributions.scan(LabHome.clientDistributions()).require(clientVersion);
        Path target = LabHome.built(program.module(client.version()));
        Path jar = target.resolve(program.jar());
        if (!Files.isRegularFile(jar) || !Files.isDirectory(target.resolve("lib"))) {
            throw new LabException(LabException.FAILED, jar + " is missing: build with ./mvnw -q package -DskipTests");
        }
        List<Path> classpath = DubboClasspath.of(jar, LaidOutJar.under(target.resolve("lib")), client.jars());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + HEAP, "-XX:+UseSerialGC",
                // Dubbo 2.7 generates adaptive extensions with javassist, which needs these on JDK 17
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.math=ALL-UNNAMED",
                "@" + JvmFiles.classpathFile(directory, classpath),
                "-Duser.home=" + directory.resolve("user-home"),
                "-DJM.LOG.PATH=" + directory.resolve("logs"),
                "-DJM.SNAPSHOT.PATH=" + directory.resolve("user-home"),
                "-Djdk.net.hosts.file=" + JvmFiles.hostsFile(directory),
                "-Ddubbo.network.interface.ignored=.*",
                "-Ddubbo.application.logger=jdk",
                "-Djava.util.logging.config.file=" + loggingConfig(directory)));
        if (DubboProgram.onDubbo27(client.version())) {
            // Dubbo 2.7 looks this key up in every configuration source (the environment under
            // two spellings, one made by a regex) for every message it serializes and deserializes; set
            // empty, as its default is, the first source answers
            command.add("-D" + HESSIAN2_WHITELIST + "=");
        }
        command.addAll(program.jvmOptions());
        dubboProperties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * What a consumer on client version {@code clientVersion} needs beyond the defaults. A Dubbo 3
     * consumer registers and subscribes at interface level, as a Dubbo 2.7 one does: registered at
     * application level it would also export a metadata service, and subscribing at both levels waits
     * for the second.
     */
    public static Map<String, String> consumerProperties(String clientVersion) {
        return DubboProgram.onDubbo27(clientVersion) ? Map.of()
                : Map.of("dubbo.application.register-mode", "interface",
                        "dubbo.application.service-discovery.migration", "FORCE_INTERFACE");
    }

    /**
     * The properties that put a Dubbo program's services ({@code provider}) or references (otherwise) in service group
     * {@code group}: a group's providers are a service of their own in the registry, so consumers of one group and
     * those of another (or of none, the run's probe) never call each other's providers. None for an empty group.
     */
    public static Map<String, String> serviceGroup(boolean provider, String group) {
        return group.isEmpty() ? Map.of() : Map.of(provider ? "dubbo.provider.group" : "dubbo.consumer.group", group);
    }

    private static Path loggingConfig(Path directory) {
        try (var in = DubboJvm.class.getResourceAsStream("/io/upgradelab/runner/dubbo/dubbo-logging.properties")) {
            return JvmFiles.write(directory.resolve("logging.properties"), new String(in.readAllBytes()));
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write the Dubbo logging configuration: " + e);
        }
    }
}
