package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.ClientAuth;
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

    /**
     * threeXNodes: the switch on the 3.x node's command line alone, where a 2.x node never reads it (in
     * its properties a 2.x node would check every API); everyNode: in every node's properties.
     */
    @Test
    void clientAuthReachesTheNodesItNames() throws Exception {
        NacosDistributions servers = FakeDistributions.scan(dir.resolve("servers"), "2.3.2", "3.1.0");
        LocalClusterSpec spec = new LocalClusterSpec("2.3.2", 1, 8848, dir.resolve("cluster"), "512m",
                Duration.ofMinutes(1), Map.of());
        NodeAuthKeys keys = NodeAuthKeys.random();
        NacosDistribution two = servers.require("2.3.2");
        NacosDistribution three = servers.require("3.1.0");

        LocalNode threeX = new LocalNode(1, spec.withClientAuth(ClientAuth.THREE_X_NODES), List.of(spec.addressOf(1)),
                Map.of(), keys);
        assertThat(threeX.command(three)).contains("-Dnacos.core.auth.enabled=true");
        assertThat(threeX.command(two)).noneMatch(a -> a.contains("nacos.core.auth.enabled"));
        assertThat(Files.readString(threeX.home().resolve("conf/application.properties")))
                .doesNotContain("nacos.core.auth.enabled").contains("server.tomcat.accesslog.pattern");
        assertThat(threeX.environment(two)).as("clients log in on 2.x too: the nodes take their tokens' key")
                .containsAllEntriesOf(keys.environment());

        LocalNode every = new LocalNode(1, spec.withClientAuth(ClientAuth.EVERY_NODE), List.of(spec.addressOf(1)),
                Map.of(), keys);
        assertThat(every.command(three)).noneMatch(a -> a.contains("nacos.core.auth.enabled"));
        assertThat(Files.readString(every.home().resolve("conf/application.properties")))
                .contains("nacos.core.auth.enabled=true");

        assertThat(spec.credentials()).isEmpty();
        assertThat(spec.withClientAuth(ClientAuth.THREE_X_NODES).credentials()).contains(LocalClusterSpec.DEFAULT_USER);
    }
}
