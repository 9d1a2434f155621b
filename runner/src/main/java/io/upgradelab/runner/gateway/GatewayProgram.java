package io.upgradelab.runner.gateway;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.JvmFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The lab's real HTTP programs on Spring (gateway/): the demo backend a gateway benchmark calls and the
 * gateways in front of it. Each is its module's jar and the libraries its build copied beside it, started
 * unmodified with the Nacos address, its port and the lab's switches on its command line, and a Nacos
 * user in its environment only (its application.properties reads {@link NacosCredentials}'s variables).
 * Adding a gateway is adding a constant and its module.
 */
public enum GatewayProgram {

    /** The demo backend: answers after a set delay with a set body, registered through Nacos. */
    DEMO_BACKEND("gateway/demo-backend", "demo-backend.jar", "io.upgradelab.gateway.backend.DemoBackend",
            "demo backend registered", "256m"),
    /** Spring Cloud Gateway on Spring Cloud Alibaba's Nacos discovery and Spring Cloud LoadBalancer. */
    SPRING_CLOUD_GATEWAY("gateway/spring-cloud-gateway", "spring-cloud-gateway.jar",
            "io.upgradelab.gateway.scg.LabGateway", "lab gateway ready", "512m");

    private final String module;
    private final String jar;
    private final String mainClass;
    private final String readyLine;
    private final String heap;

    GatewayProgram(String module, String jar, String mainClass, String readyLine, String heap) {
        this.module = module;
        this.jar = jar;
        this.mainClass = mainClass;
        this.readyLine = readyLine;
        this.heap = heap;
    }

    /** The line the program prints once it is ready (a backend: Nacos acknowledged its registration). */
    public String readyLine() {
        return readyLine;
    }

    /**
     * Its command line, running in {@code directory} (its user.home and Nacos client logs) with Spring's
     * {@code properties} ({@code --key=value}).
     */
    public List<String> command(Path directory, Map<String, String> properties) {
        Path target = LabHome.built(module);
        Path program = target.resolve(jar);
        if (!Files.isRegularFile(program) || !Files.isDirectory(target.resolve("lib"))) {
            throw new LabException(LabException.FAILED, program + " is missing: build with ./mvnw -q package -DskipTests");
        }
        List<Path> classpath = new ArrayList<>(List.of(program));
        classpath.addAll(libraries(target.resolve("lib")));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-XX:+UseSerialGC",
                "@" + JvmFiles.classpathFile(directory, classpath),
                "-Duser.home=" + directory.resolve("user-home"),
                "-DJM.LOG.PATH=" + directory.resolve("logs"),
                "-DJM.SNAPSHOT.PATH=" + directory.resolve("user-home"),
                "-Djdk.net.hosts.file=" + JvmFiles.hostsFile(directory),
                mainClass));
        properties.forEach((key, value) -> command.add("--" + key + "=" + value));
        return command;
    }

    private static List<Path> libraries(Path lib) {
        try (Stream<Path> jars = Files.list(lib)) {
            return jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
