package io.upgradelab.runner.dubbo;

import io.upgradelab.runner.clients.ClientDistribution.LaidOutJar;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The classpath of a Dubbo program on one client version: the program's jar, its own libraries,
 * then those of the client's libraries (the client included) the program does not already have, by
 * group and artifact. Where both have a library, the program's version wins, as Maven resolves a
 * project that declares Dubbo before nacos-client. Checked against Maven itself: for the demo
 * provider and the probe on each client version, these are the very jars Maven resolves.
 */
final class DubboClasspath {

    private DubboClasspath() {
    }

    static List<Path> of(Path programJar, List<LaidOutJar> programLibraries, List<LaidOutJar> clientLibraries) {
        Set<String> programs = programLibraries.stream().map(LaidOutJar::artifact).collect(Collectors.toSet());
        List<Path> classpath = new ArrayList<>();
        classpath.add(programJar);
        programLibraries.forEach(j -> classpath.add(j.file()));
        clientLibraries.stream().filter(j -> !programs.contains(j.artifact())).forEach(j -> classpath.add(j.file()));
        return classpath;
    }
}
