package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.nacos.ServerArchives;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.loader.JarLauncher;

/**
 * A server brought in as an archive boots like a built-in one, with no built-in distribution
 * there at all: one standalone 2.0.4 node from a .tar.gz of the built-in 2.0.4 laid out as an
 * unpacked server, then one from an official-layout archive (target/nacos-server.jar, a Spring
 * Boot jar the test builds from the same jars and Spring Boot's own loader), and one of 3.x from
 * the official layout laid out from the built-in 3.1.0. Each node must come up, report its version
 * and take a registration.
 */
class BroughtInServerIT {

    private static final String VERSION = "2.0.4";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void anUnpackedServerArchiveBootsFromTheCache() throws IOException {
        Path archive = ServerArchives.tarGz(builtIn().directory(), "nacos/", dir.resolve("nacos-server-2.0.4.tar.gz"));

        bootAndRegister(VERSION, archive);
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void anOfficialLayoutArchiveBootsThroughItsSpringBootLauncher() throws IOException, URISyntaxException {
        Path loader = Path.of(JarLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> jars = builtIn().classpath().stream().filter(p -> p.toString().endsWith(".jar")).toList();
        Path server = ServerArchives.officialServer(dir.resolve("official/nacos"), jars, JarLauncher.class.getName(), loader);
        Path archive = ServerArchives.tarGz(server, "nacos/", dir.resolve("nacos-server-2.0.4-official.tar.gz"));

        NacosDistribution booted = bootAndRegister(VERSION, archive);

        assertThat(booted.classpath()).singleElement().asString().endsWith("nacos/target/nacos-server.jar");
        assertThat(booted.mainClass()).isEqualTo(JarLauncher.class.getName());
    }

    /**
     * The official 3.x layout (target/nacos-server.jar, whose Start-Class is 3.x's bootstrap), laid out
     * from the built-in 3.1.0's jars with the lab's starter as its Start-Class: read as 3.x from its
     * nacos-core jar, started as 3.x nodes are (main port, deployment type server, the cluster's keys),
     * and asked through the v3 APIs.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void anOfficialLayoutThreeXArchiveBootsAsAThreeXNode() throws IOException, URISyntaxException {
        NacosDistribution three = NacosDistributions.scan(LabHome.serverDistributions()).require("3.1.0");
        Path loader = Path.of(JarLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> jars = three.classpath().stream().filter(p -> p.toString().endsWith(".jar")).toList();
        Path server = ServerArchives.officialServer(dir.resolve("official-3/nacos"), jars, JarLauncher.class.getName(),
                three.mainClass(), loader);
        Path archive = ServerArchives.tarGz(server, "nacos/", dir.resolve("nacos-server-3.1.0-official.tar.gz"));

        NacosDistribution booted = bootAndRegister("3.1.0-bugfix", archive);

        assertThat(booted.classpath()).singleElement().asString().endsWith("nacos/target/nacos-server.jar");
    }

    /** Starts one standalone node of the archive ({@code version}) alone, checks it, stops it; returns the distribution it ran. */
    private NacosDistribution bootAndRegister(String version, Path archive) throws IOException {
        NacosDistributions distributions = NacosDistributions.scan(Files.createDirectories(dir.resolve("dist")))
                .withBroughtIn(Map.of(version, archive.toString()), (v, problem) -> {
                    throw new AssertionError(problem);
                });
        assertThat(distributions.require(version).source()).contains(archive);
        LocalClusterSpec spec = LocalClusterSpec.of(version, 1, dir.resolve("run-" + archive.getFileName()))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 22000));
        try (LocalCluster cluster = LocalCluster.start(spec, distributions, System.out::println)) {
            LocalNode node = cluster.node(1);
            assertThat(node.distribution().directory()).startsWith(dir.resolve("brought-in"));
            assertThat(classpathOf(node.process().pid())).startsWith(dir.resolve("brought-in").toString());
            assertThat(node.api().members()).extracting(ClusterMember::version).containsExactly(version);

            node.api().registerInstance("brought-in-it", "127.0.0.1", 20880);
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(node.api().instances("brought-in-it"))
                    .extracting(RegisteredInstance::address).containsExactly("127.0.0.1:20880"));
            return node.distribution();
        }
    }

    private static NacosDistribution builtIn() {
        return NacosDistributions.scan(LabHome.serverDistributions()).require(VERSION);
    }

    /** The CLASSPATH the node's JVM was given, from its environment. */
    private static String classpathOf(long pid) throws IOException {
        List<String> environment = List.of(new String(Files.readAllBytes(Path.of("/proc/" + pid + "/environ")),
                StandardCharsets.UTF_8).split("\0"));
        return environment.stream().filter(e -> e.startsWith("CLASSPATH=")).map(e -> e.substring("CLASSPATH=".length()))
                .findFirst().orElse("");
    }
}
