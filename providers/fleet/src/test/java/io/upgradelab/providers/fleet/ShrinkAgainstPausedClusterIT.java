package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.Note;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.phase.ScaleDownTo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shrink against a node that answers nothing (SIGSTOP), as against the collapsed 1.x cluster of
 * the reference experiment: the real {@code scaleDownTo} phase, the real fleet and nacos-client
 * 1.x. The phase must end within its budget, with what it could not deregister journaled.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class ShrinkAgainstPausedClusterIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aShrinkWhileTheServerIsPausedEndsWithinItsBudgetAndJournalsWhatItLeftToExpire() throws Exception {
        LocalClusterSpec spec = LocalClusterSpec.of("1.4.1", 1, dir.resolve("cluster"))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 21000));
        try (LocalCluster cluster = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()),
                System.out::println);
             FleetProcess fleet = FleetProcess.start(FleetSettings.forServers(cluster.node(1).address())
                     .withLayout(20, 10), dir.resolve("fleet"), System.out::println);
             Journal journal = Journal.create(dir.resolve("run"))) {
            fleet.scaleTo(200, 200, "1x");
            assertThat(fleet.awaitIdle(Duration.ofMinutes(1)).providers("1.4.1")).isEqualTo(200);

            cluster.pauseNode(1);
            long began = System.nanoTime();
            try {
                new ScaleDownTo(50, 100).run(context(cluster, fleet, journal));
            } finally {
                cluster.resumeNode(1);
            }
            double seconds = (System.nanoTime() - began) / 1e9;

            // 150 at 100/s: paced 1.5 s, budget 2 x 1.5 + 30 s, then at most 30 s closing the clients
            assertThat(seconds).as("the shrink ends within its budget").isLessThan(70);
            JsonNode scaled = lines(journal, "fleetScaled").get(0);
            assertThat(scaled.path("providers").asInt()).isEqualTo(50);
            JsonNode stop = scaled.path("stop");
            assertThat(stop.path("requested").asInt()).isEqualTo(150);
            assertThat(stop.path("leftToExpire").asInt()).as(stop.toString()).isPositive();
            assertThat(stop.path("deregistered").asInt() + stop.path("leftToExpire").asInt()).isEqualTo(150);
            assertThat(stop.path("clientsClosed").asInt()).as("15 processes of 10 stopped").isEqualTo(15);
            assertThat(lines(journal, "note")).anySatisfy(n ->
                    assertThat(n.path("message").asText()).contains("left to expire on the server"));
            FleetStatus after = fleet.status();
            assertThat(after.busy()).isFalse();
            assertThat(after.totalProviders()).isEqualTo(50);
        }
    }

    private static List<JsonNode> lines(Journal journal, String type) throws Exception {
        return Files.readAllLines(journal.file()).stream().map(l -> {
            try {
                return JSON.readTree(l);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).filter(n -> type.equals(n.path("type").asText())).toList();
    }

    /** The phase's view of a run: the real fleet and journal; nothing else is used by a shrink. */
    private static RunContext context(Backend cluster, FleetProcess fleet, Journal journal) {
        return new RunContext() {

            @Override
            public Backend cluster() {
                return cluster;
            }

            @Override
            public FleetProcess fleet() {
                return fleet;
            }

            @Override
            public DemoProviders demoProviders() {
                throw new UnsupportedOperationException("a shrink uses no demo provider");
            }

            @Override
            public String fleetGeneration() {
                return "1x";
            }

            @Override
            public void setFleetGeneration(String generation) {
            }

            @Override
            public io.upgradelab.runner.plan.VersionHistory versionHistory() {
                throw new UnsupportedOperationException("a shrink changes no node's version");
            }

            @Override
            public io.upgradelab.runner.preflight.ClusterFacts.Read<java.util.List<io.upgradelab.runner.preflight.Frontier>>
                    measuredFrontiers() {
                throw new UnsupportedOperationException("a shrink runs no preflight");
            }

            @Override
            public Observations observations() {
                return new Observations();
            }

            @Override
            public void say(String message) {
                System.out.println(message);
                journal.append(new Note(message));
            }

            @Override
            public void record(Object line) {
                journal.append(line);
            }

            @Override
            public void pause(Duration duration) throws InterruptedException {
                Thread.sleep(duration.toMillis());
            }

            @Override
            public void awaitCondition(Condition condition, Duration timeout, String what) {
                throw new UnsupportedOperationException("a shrink awaits no condition");
            }
        };
    }
}
