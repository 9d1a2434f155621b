package io.upgradelab.runner.backend.containers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backends;
import io.upgradelab.runner.backend.ContainersTarget;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.experiment.ExperimentBinder;
import io.upgradelab.runner.testing.Targets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;

/** The containers as Docker must create them, and the arithmetic of their stats: no Docker needed. */
class ContainerDefinitionsTest {

    private static final Path RUN = Path.of("/tmp/run");

    private static ContainerClusterSpec spec(String version, int nodes, int firstPort, String heap) {
        return new ContainerClusterSpec("nacos/nacos-server", version, nodes, firstPort, heap, RUN.resolve("cluster"),
                Duration.ofMinutes(3), "r1");
    }

    @Test
    void aClusterNodeRunsInClusterModeWithEmbeddedStorageAndItsPeersByAlias() {
        NodeContainerDefinition node2 = spec("1.4.1", 3, 18848, "1g").node(2, "1.4.1");

        assertThat(node2.alias()).isEqualTo("nacos-2");
        assertThat(node2.env()).containsOnly(
                entry("MODE", "cluster"),
                entry("NACOS_SERVERS", "nacos-1:8848 nacos-2:8848 nacos-3:8848"),
                entry("PREFER_HOST_MODE", "hostname"),
                entry("EMBEDDED_STORAGE", "embedded"),
                entry("JVM_XMS", "1g"),
                entry("JVM_XMX", "1g"),
                entry("JVM_XMN", "512m"));
    }

    @Test
    void oneNodeIsStandaloneWithoutMembersOrRaftStorage() {
        Map<String, String> env = spec("2.0.4", 1, 18848, "768m").node(1, "2.0.4").env();

        assertThat(env).containsEntry("MODE", "standalone").containsEntry("PREFER_HOST_MODE", "hostname")
                .containsEntry("JVM_XMX", "768m").containsEntry("JVM_XMN", "384m")
                .doesNotContainKeys("NACOS_SERVERS", "EMBEDDED_STORAGE");
    }

    @Test
    void theYoungGenerationIsHalfTheHeapInMebibytes() {
        assertThat(ContainerClusterSpec.youngGeneration("1g")).isEqualTo("512m");
        assertThat(ContainerClusterSpec.youngGeneration("3G")).isEqualTo("1536m");
        assertThat(ContainerClusterSpec.youngGeneration("512m")).isEqualTo("256m");
        assertThat(ContainerClusterSpec.youngGeneration("1048576k")).isEqualTo("512m");
    }

    @Test
    void hostPortsAreOnLoopbackOnlyTenApartAndKeepTheGrpcOffsets() {
        ContainerClusterSpec spec = spec("2.0.4", 3, 18848, "1g");

        assertThat(spec.node(1, "2.0.4").portBindings()).containsExactly(
                binding("127.0.0.1", 18848, 8848), binding("127.0.0.1", 19848, 9848), binding("127.0.0.1", 19849, 9849));
        assertThat(spec.node(3, "2.0.4").portBindings()).containsExactly(
                binding("127.0.0.1", 18868, 8848), binding("127.0.0.1", 19868, 9848), binding("127.0.0.1", 19869, 9849));
        for (int n = 1; n <= 3; n++) {
            int nodeOffset = (n - 1) * 10;
            assertThat(spec.node(n, "1.4.1").portBindings()).allSatisfy(b -> {
                assertThat(b.getBinding().getHostIp()).isEqualTo("127.0.0.1");
                assertThat(Integer.parseInt(b.getBinding().getHostPortSpec()) - 18848)
                        .as("host offset = container offset from 8848 + node offset")
                        .isEqualTo(b.getExposedPort().getPort() - 8848 + nodeOffset);
            });
        }
    }

    @Test
    void theHostConfigTestcontainersWroteIsReplacedByLoopbackBindingsAndTheDataVolume() {
        NodeContainerDefinition node = spec("1.4.1", 3, 18848, "1g").node(2, "1.4.1");
        HostConfig host = HostConfig.newHostConfig()
                .withPortBindings(new PortBinding(Ports.Binding.empty(), ExposedPort.tcp(8848)));   // random, all interfaces

        node.configure(host);

        assertThat(host.getPortBindings().getBindings()).hasSize(3).allSatisfy((port, bindings) ->
                assertThat(bindings).extracting(Ports.Binding::getHostIp).containsExactly("127.0.0.1"));
        assertThat(host.getPortBindings().getBindings().get(ExposedPort.tcp(8848)))
                .extracting(Ports.Binding::getHostPortSpec).containsExactly("18858");
        assertThat(host.getBinds()).extracting(Bind::getPath, b -> b.getVolume().getPath())
                .containsExactly(tuple("upgrade-lab-r1-nacos-2-data", "/home/nacos/data"));
    }

    @Test
    void theImageOfAVersionIsTheOfficialTagAndTheVolumeStaysAcrossVersions() {
        ContainerClusterSpec spec = spec("1.4.1", 3, 18848, "1g");

        assertThat(spec.node(1, "1.4.1").image()).isEqualTo("nacos/nacos-server:v1.4.1");
        assertThat(spec.node(1, "2.0.4").image()).isEqualTo("nacos/nacos-server:v2.0.4");
        assertThat(spec.node(1, "2.0.4").version()).isEqualTo("2.0.4");
        assertThat(spec.node(1, "2.0.4").dataVolume()).isEqualTo(spec.node(1, "1.4.1").dataVolume());
        assertThat(spec.node(1, "1.4.1").dataVolume()).isNotEqualTo(spec.node(2, "1.4.1").dataVolume());
        assertThat(new ContainerClusterSpec("registry.example/nacos", "2.0.4", 1, 18848, "1g", RUN, Duration.ofMinutes(1),
                "r1").node(1, "2.0.4").image()).isEqualTo("registry.example/nacos:v2.0.4");
    }

    @Test
    void theContainerJoinsTheNetworkUnderItsAliasWithItsEnvironmentAndWaitsForReadiness() {
        NodeContainerDefinition node = spec("1.4.1", 3, 18848, "1g").node(3, "1.4.1");
        try (Network network = Network.newNetwork()) {
            GenericContainer<?> container = node.container(network, frame -> { }, Duration.ofMinutes(3));

            assertThat(container.getNetwork()).isSameAs(network);
            assertThat(container.getNetworkAliases()).contains("nacos-3");
            assertThat(container.getEnvMap()).isEqualTo(node.env());
            assertThat(container.getExposedPorts()).containsExactly(8848, 9848, 9849);
            assertThat(container.getCreateContainerCmdModifiers()).hasSize(1);
        }
    }

    @Test
    void aLayoutThatCannotBeIsRefusedAsInvalidInput() {
        assertThatThrownBy(() -> spec("1.4.1", 2, 18848, "1g")).isInstanceOf(LabException.class)
                .hasMessageContaining("target.nodes 2");
        assertThatThrownBy(() -> spec("1.4.1", 3, 64530, "1g")).isInstanceOf(LabException.class)
                .hasMessageContaining("target.firstPort 64530");
        assertThatThrownBy(() -> spec("1.4.1", 3, 18848, "lots")).isInstanceOf(LabException.class)
                .hasMessageContaining("serverHeap: 'lots' is not a heap size");
    }

    @Test
    void theBackendIsFoundByNameAndTakesItsSettingsFromTheTarget() {
        assertThat(Backends.named("testcontainers")).get().isInstanceOf(ContainersBackend.class);
        Target target = Targets.of("""
                backend: testcontainers
                version: 1.4.1
                firstPort: 28848
                serverHeap: 512m
                testcontainers: {image: mirror.example/nacos, startTimeout: 7m}
                """);

        ContainerClusterSpec spec = ContainersBackend.spec(target, RUN);

        assertThat(spec.repository()).isEqualTo("mirror.example/nacos");
        assertThat(spec.startTimeout()).isEqualTo(Duration.ofMinutes(7));
        assertThat(spec.firstPort()).isEqualTo(28848);
        assertThat(spec.maxHeap()).isEqualTo("512m");
        assertThat(spec.consoleLog(2)).isEqualTo(RUN.resolve("cluster/node-2/console.log"));
        assertThat(ContainersTarget.defaults().startTimeout()).isEqualTo(ContainersTarget.DEFAULT_START_TIMEOUT);
    }

    @Test
    void theSectionBindsFromAnExperimentFileWithItsDefaults() throws Exception {
        ObjectMapper mapper = ExperimentBinder.mapper();

        assertThat(mapper.readValue("{\"image\": \"mirror.example/nacos\", \"startTimeout\": \"5m\"}",
                ContainersTarget.class)).isEqualTo(new ContainersTarget("mirror.example/nacos", Duration.ofMinutes(5)));
        assertThat(mapper.readValue("{}", ContainersTarget.class))
                .isEqualTo(new ContainersTarget("nacos/nacos-server", Duration.ofMinutes(3)));
    }

    @Test
    void withoutADockerEngineOpeningSaysSoAndCreatesNothing(@TempDir Path runDirectory) {
        assumeFalse(DockerClientFactory.instance().isDockerAvailable(), "this machine has a Docker engine");
        Target target = Targets.of("{backend: testcontainers, version: 1.4.1}");

        assertThatThrownBy(() -> new ContainersBackend().open(target, runDirectory, line -> { }))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("backend testcontainers needs a Docker engine")
                .satisfies(e -> assertThat(((LabException) e).exitCode()).isEqualTo(LabException.FAILED));
        assertThat(runDirectory).isEmptyDirectory();
    }

    @Test
    void cpuIsTheContainersCpuTimeOverTheWallTimeBetweenReadingsInPercentOfOneCore() {
        Instant t0 = Instant.parse("2025-01-01T00:00:00.000000000Z");
        CpuReading earlier = CpuReading.of(5_000_000_000L, t0.toString());
        CpuReading later = CpuReading.of(8_000_000_000L, t0.plusSeconds(2).toString());

        assertThat(later.percentOfOneCoreSince(earlier)).isEqualTo(150.0);
        assertThat(earlier.percentOfOneCoreSince(earlier)).isZero();
        assertThat(later.percentOfOneCoreSince(CpuReading.of(0L, "0001-01-01T00:00:00Z"))).as("no previous reading").isZero();
        assertThat(CpuReading.of(1L, "0001-01-01T00:00:00Z")).isSameAs(CpuReading.NONE);
        assertThat(CpuReading.of(null, t0.toString())).isSameAs(CpuReading.NONE);
    }

    @Test
    void memoryIsUsageLessInactiveFilePagesAsDockerStatsShowsIt() {
        assertThat(DockerStats.memoryInUse(600L << 20, 100L << 20)).isEqualTo(500L << 20);
        assertThat(DockerStats.memoryInUse(600L << 20, 0)).isEqualTo(600L << 20);
        assertThat(DockerStats.memoryInUse(100L << 20, 200L << 20)).as("a cache larger than usage is ignored")
                .isEqualTo(100L << 20);
    }

    private static PortBinding binding(String ip, int hostPort, int containerPort) {
        return new PortBinding(Ports.Binding.bindIpAndPort(ip, hostPort), ExposedPort.tcp(containerPort));
    }
}
