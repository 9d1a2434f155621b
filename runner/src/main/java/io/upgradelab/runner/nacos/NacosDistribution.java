package io.upgradelab.runner.nacos;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One real Nacos server version, laid out so that a JVM can boot it: the jars in the order the JVM
 * must see them and the class that boots it. The build lays out the built-in versions; a team can
 * bring its own ({@link BroughtInServer}), e.g. the official archive of a version Maven Central
 * does not carry.
 *
 * @param version       the server version, e.g. {@code 1.4.1}
 * @param mainClass     the class whose {@code main} boots the server ({@code com.alibaba.nacos.Nacos},
 *                      or the Spring Boot launcher of an official {@code nacos-server.jar})
 * @param directory     the distribution's directory (holds {@code lib/} or {@code target/nacos-server.jar})
 * @param classpath     the jars, absolute, in the order the JVM must see them
 * @param source        the archive or folder a brought-in version came from; empty for a built-in one
 * @param consoleClasspath the jars of the console as a process of its own ({@code -Dnacos.deployment.type=console},
 *                      3.x), booted by {@code mainClass} too; empty where the version has no such console
 */
public record NacosDistribution(String version, String mainClass, Path directory, List<Path> classpath,
                                Optional<Path> source, List<Path> consoleClasspath) {

    public NacosDistribution {
        classpath = List.copyOf(classpath);
        Objects.requireNonNull(source, "source: empty for a built-in version, never null");
        consoleClasspath = List.copyOf(consoleClasspath);
    }

    /** A built-in version, as the build laid it out, without a console of its own. */
    public NacosDistribution(String version, String mainClass, Path directory, List<Path> classpath) {
        this(version, mainClass, directory, classpath, Optional.empty(), List.of());
    }

    /** Whether the version's console can run apart from its nodes, as 3.x's does ({@link #consoleClasspath}). */
    public boolean hasConsole() {
        return !consoleClasspath.isEmpty();
    }

    /** The major generation (1, 2, 3): it decides what a server can do, e.g. gRPC from 2 on. */
    public int generation() {
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }
}
