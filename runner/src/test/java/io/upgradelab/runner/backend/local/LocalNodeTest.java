package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a node is launched per server generation: its command line, its environment, its files. */
class LocalNodeTest {

    @TempDir
    Path dir;

    @Test
    void aThreeXNodeRunsTheServerAloneOnItsMainPortWithTheClustersKeysInItsEnvironmentOnly() throws Exception {
        NacosDistributions servers = FakeDistributions.scan(dir.resolve("servers"), "2.0.4", "3.1.0");
        LocalClusterSpec spec = new LocalClusterSpec("2.0.4", 1, 8848, dir.resolve("cluster"), "512m",
                Duration.ofMinutes(1), Map.of());
        NodeAuthKeys keys = NodeAuthKeys.random();
        LocalNode node = new LocalNode(1, spec, List.of(spec.addressOf(1)), Map.of(), keys);
        NacosDistribution three = servers.require("3.1.0");

        assertThat(node.command(three)).contains("-Dnacos.server.main.port=8848", "-Dnacos.deployment.type=server")
                .noneMatch(a -> a.startsWith("-Dserver.port"));
        assertThat(node.environment(three)).containsAllEntriesOf(keys.environment());
        String everythingVisible = String.join(" ", node.command(three))
                + Files.readString(node.home().resolve("conf/application.properties"));
        keys.environment().values().forEach(secret -> assertThat(everythingVisible).doesNotContain(secret));
    }

    @Test
    void aTwoXNodeWithoutAuthKeepsItsPortPropertyAndGetsNoKeys() throws Exception {
        NacosDistributions servers = FakeDistributions.scan(dir.resolve("servers"), "2.0.4");
        LocalClusterSpec spec = new LocalClusterSpec("2.0.4", 1, 8848, dir.resolve("cluster"), "512m",
                Duration.ofMinutes(1), Map.of());
        NodeAuthKeys keys = NodeAuthKeys.random();
        LocalNode node = new LocalNode(1, spec, List.of(spec.addressOf(1)), Map.of(), keys);
        NacosDistribution two = servers.require("2.0.4");

        assertThat(node.command(two)).contains("-Dserver.port=8848").noneMatch(a -> a.contains("deployment.type"));
        assertThat(node.environment(two)).doesNotContainKeys(keys.environment().keySet().toArray(String[]::new));

        LocalNode withAuth = new LocalNode(1, spec.withAuth(), List.of(spec.addressOf(1)), Map.of(), keys);
        assertThat(withAuth.environment(two)).containsAllEntriesOf(keys.environment());
    }
}
