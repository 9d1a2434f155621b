package io.upgradelab.runner.nacos;

import java.nio.file.Path;
import java.util.List;

/**
 * One real Nacos server version as the build laid it out: the jars of its console artifact's
 * runtime closure, in Maven's resolution order, and the class that boots it.
 *
 * @param version   the server version, e.g. {@code 1.4.1}
 * @param mainClass the class whose {@code main} boots the server
 * @param directory the distribution's directory (holds {@code lib/} and the descriptor)
 * @param classpath the jars, absolute, in the order the JVM must see them
 */
public record NacosDistribution(String version, String mainClass, Path directory, List<Path> classpath) {

    public NacosDistribution {
        classpath = List.copyOf(classpath);
    }

    /** The major generation (1, 2, 3): it decides what a server can do, e.g. gRPC from 2 on. */
    public int generation() {
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }
}
