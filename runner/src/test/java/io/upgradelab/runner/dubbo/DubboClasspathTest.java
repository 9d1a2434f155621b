package io.upgradelab.runner.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.clients.ClientDistribution.LaidOutJar;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Dubbo program on a client version: the program's libraries first, the client's where the program has none. */
class DubboClasspathTest {

    private static LaidOutJar jar(String artifact, String file) {
        return new LaidOutJar(artifact, Path.of("/lib", artifact, file));
    }

    @Test
    void theProgramsVersionOfASharedLibraryWinsAndTheClientBringsTheRest() {
        List<LaidOutJar> program = List.of(jar("org/apache/dubbo/dubbo", "dubbo-3.2.19.jar"),
                jar("org/yaml/snakeyaml", "snakeyaml-2.3.jar"), jar("io/netty/netty-epoll", "netty-epoll-linux-x86_64.jar"),
                jar("io/netty/netty-epoll", "netty-epoll-linux-aarch_64.jar"));
        List<LaidOutJar> client = List.of(jar("com/alibaba/nacos/nacos-client", "nacos-client-2.3.2.jar"),
                jar("org/yaml/snakeyaml", "snakeyaml-2.0.jar"), jar("io/micrometer/micrometer-core", "micrometer-core-1.9.17.jar"));

        List<Path> classpath = DubboClasspath.of(Path.of("/p/probe.jar"), program, client);

        assertThat(classpath).extracting(p -> p.getFileName().toString()).containsExactly("probe.jar",
                "dubbo-3.2.19.jar", "snakeyaml-2.3.jar", "netty-epoll-linux-x86_64.jar", "netty-epoll-linux-aarch_64.jar",
                "nacos-client-2.3.2.jar", "micrometer-core-1.9.17.jar");
    }
}
