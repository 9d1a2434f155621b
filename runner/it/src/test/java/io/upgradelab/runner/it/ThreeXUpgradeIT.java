package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2.x cluster upgraded to 3.x and judged end to end through the real launcher, the 3.x nodes
 * without their v1 and v2 APIs (target.local.compatibilityApis: false, as Nacos 3.2 ships): Nacos
 * 2.3.2 on 3 nodes rolled to 3.1.0 under 40 providers on nacos-client 2.5.1, which then roll to
 * 3.1.1, the probe calling throughout; once every node runs 3.x, the console starts as a process of
 * its own (the 3.0 split) and must list the nodes. Once a node runs 3.x the lab can only reach it through the v3
 * APIs, so every observer, wait and check of the run must get its answers there: the run completes
 * without an observer error, every node answers its counts on 3.1.0, the fleet's own view has every
 * provider on 3.1.1, and the gate judges the run from what it measured (the one 2.x to 3.x path CI
 * runs; the others are benches with committed evidence under docs/runs/server-paths).
 */
@Timeout(value = 12, unit = java.util.concurrent.TimeUnit.MINUTES)
class ThreeXUpgradeIT {

    private static final String EXPERIMENT = """
            name: two-x-to-three-x-without-old-apis
            target:
              version: 2.3.2
              nodes: 3
              serverHeap: 768m
              local: {compatibilityApis: false, startTimeout: 60s}
            fleet: {services: 10, providersPerClient: 10, rampRate: 50, client: 2.5.1, heap: 256m}
            probe: {rate: 50, client: 2x, demoProviders: 2}
            observeEvery: 2s
            phases:
              - {kind: rampTo, providers: 40}
              - {kind: hold, for: 10s}
              - {kind: rollingServerUpgrade, to: 3.1.0}
              - {kind: startConsole}
              - {kind: hold, for: 10s}
              - {kind: rollingClientUpgrade, to: 3.1.1, batches: 2, pause: 2s}
              - {kind: hold, for: 10s}
            """;

    /**
     * What the run must keep through the server upgrade: the calls, and none of the signs of a 3.x
     * upgrade gone wrong. Not judged here, as the benches show them (docs/guide/upgrading-to-3x.md):
     * the calls while the demo providers restart on nacos-client 3.1.1, and registrations over HTTP in
     * the mixed window, which a 2.x node forwards to a 3.x node without the v1 API (410). Nor the two
     * short phases a JVM's start fills (the first ramp, 1 s after set-up; the console's start, 8 s): on
     * two cores their load is flagged (3.5-4 % idle in CI), which leaves a criterion INCONCLUSIVE by design.
     */
    private static final String POLICY = """
            name: 2.x to 3.x, judged through the v3 APIs
            criteria:
              - kind: probeSuccess
                atLeastPercent: 99
                phases: [2, rollingServerUpgrade, 5]
              - kind: noProviderErrors
                atMost: 0
                phases: [2, rollingServerUpgrade, 5]
              - kind: failureSigns
                atMost: 0
                phases: [2, rollingServerUpgrade, 5]
                signs: [namespacePreCheckFailed, schemaBehindServer, rocksDbCompaction, raftStateMachine,
                        grpcPortClosed, notReady]
            """;

    @TempDir
    Path work;

    @Test
    void aTwoXClusterUpgradedToThreeXWithoutItsOldApisIsObservedAndJudged() throws Exception {
        Path experiment = Files.writeString(work.resolve("experiment.yaml"), EXPERIMENT);
        Path policy = Files.writeString(work.resolve("policy.yaml"), POLICY);
        Path runDirectory = work.resolve("run");
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString(),
                "--gate", policy.toString())) {
            assertThat(run.awaitExit(Duration.ofMinutes(11))).as("the run and its gate: %s", run).isZero();
        }

        for (int node = 1; node <= 3; node++) {
            assertThat(Files.readString(runDirectory.resolve("cluster/node-" + node + "/conf/application.properties")))
                    .as("node %d's settings", node).contains("nacos.core.api.compatibility.client.enabled=false",
                            "nacos.core.api.compatibility.admin.enabled=false");
        }
        JournalLines journal = JournalLines.read(runDirectory.resolve("journal.jsonl"));
        assertThat(journal.ofType("error")).as("an observer or step without its answer").isEmpty();
        assertThat(journal.ofType("runEnded")).singleElement()
                .satisfies(r -> assertThat(r.path("outcome").asText()).isEqualTo("completed"));
        List<JsonNode> lastHold = journal.samples("nodeCounts").stream().filter(s -> s.path("phase").asInt() == 7)
                .toList();
        assertThat(lastHold).as("the last hold's node counts").isNotEmpty().allSatisfy(s -> assertThat(s.path("nodes"))
                .hasSize(3).allSatisfy(n -> {
                    assertThat(n.path("version").asText()).isEqualTo("3.1.0");
                    assertThat(n.path("reachable").asBoolean()).as(n.toString()).isTrue();
                    assertThat(n.path("instances").asInt()).as(n.toString()).isGreaterThanOrEqualTo(42);
                }));
        assertThat(journal.samples("fleet").stream().filter(s -> s.path("phase").asInt() == 7))
                .isNotEmpty().allSatisfy(s -> assertThat(s.path("fleet").path("providers").toString())
                        .isEqualTo("{\"3.1.1\":40}"));
        assertThat(journal.ofType("signsWatched")).singleElement().satisfies(w -> assertThat(w.path("signs")
                .toString()).contains("namespacePreCheckFailed", "notReady"));
        // each node's first start as 3.x ran the namespace migration, read from its own nacos.log
        assertThat(journal.ofType("namespaceMigrated")).as("each node's namespace migration")
                .extracting(m -> m.path("node").asInt() + " " + m.path("version").asText())
                .containsExactly("1 3.1.0", "2 3.1.0", "3 3.1.0");
        assertThat(journal.ofType("namespaceMigrated")).allSatisfy(m -> assertThat(m.path("millis").asLong())
                .isPositive());
        // the console apart from the nodes: logged in (the upgraded embedded nodes know no admin: the lab made
        // one), it lists every node and the fleet's services
        assertThat(journal.ofType("consoleStarted")).singleElement().satisfies(c -> {
            assertThat(c.path("phase").asInt()).isEqualTo(4);
            assertThat(c.path("version").asText()).isEqualTo("3.1.0");
            assertThat(c.path("members").asInt()).isEqualTo(3);
            assertThat(c.path("services").asInt()).isGreaterThanOrEqualTo(10);
            assertThat(c.path("user").asText()).isEqualTo("nacos");
        });
        assertThat(Files.readString(runDirectory.resolve("cluster/console/console.log")))
                .contains("Nacos Console started successfully");
    }
}
