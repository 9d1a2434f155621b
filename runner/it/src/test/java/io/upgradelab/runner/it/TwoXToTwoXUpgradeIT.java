package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.testing.JournalLines;
import io.upgradelab.runner.testing.Launcher;
import io.upgradelab.runner.testing.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rolling upgrade between 2.x versions, end to end through the real launcher and judged by its
 * policy: experiments/nacos-2.0-to-2.3-mysql-ci.yaml (3 nodes, Nacos 2.0.4 to 2.3.2, 200 providers on
 * 2.x clients, the configs in a lab-run MariaDB as production clusters keep them). The versions choose
 * the waits: no double write and no upgraded=true, each node's readiness, raft leaders handed over
 * first; the 2.2 schema columns are added before the first 2.3.2 node starts. On the embedded store
 * the same upgrade loses configs (the mixed cluster's config raft group breaks on 2.2's moved
 * ModifyRequest): that run is bench evidence (bench/server-paths 2.0-to-2.3, docs/runs/), as are the
 * longer paths (two hops from 1.4.1, and the direct 1.4.1 to 2.2.3 Nacos does not support).
 */
@Timeout(value = 12, unit = java.util.concurrent.TimeUnit.MINUTES)
class TwoXToTwoXUpgradeIT {

    @TempDir
    Path runDirectory;

    @Test
    void twoZeroToTwoThreeOnMysqlRollsNodeByNodeKeepsEveryConfigAndPassesItsGate() throws Exception {
        Path experiment = LabHome.root().resolve("experiments/nacos-2.0-to-2.3-mysql-ci.yaml");
        Path policy = LabHome.root().resolve("experiments/nacos-2.0-to-2.3.policy.yaml");
        try (Launcher run = Launcher.start("run", experiment.toString(), "--out", runDirectory.toString(),
                "--gate", policy.toString())) {
            assertThat(run.awaitExit(Duration.ofMinutes(10))).as(run.toString()).isZero();
        }
        JournalLines journal = JournalLines.read(runDirectory.resolve("journal.jsonl"));

        List<JsonNode> steps = journal.ofType("upgradeStep").stream()
                .filter(s -> s.path("stage").asText().equals("done")).toList();
        assertThat(steps).extracting(s -> s.path("from").asText() + " -> " + s.path("to").asText())
                .containsExactly("2.0.4 -> 2.3.2", "2.0.4 -> 2.3.2", "2.0.4 -> 2.3.2");
        assertThat(journal.ofType("doubleWrite")).as("no double write between 2.x versions").isEmpty();
        assertThat(journal.ofType("raftLeaderTransfer")).as("leaders handed over before their node stops")
                .isNotEmpty();
        assertThat(journal.ofType("storageMigrated")).singleElement().satisfies(m -> assertThat(m.path("columnsAdded"))
                .extracting(JsonNode::asText).contains("config_info.encrypted_data_key"));
        assertThat(journal.ofType("warning")).as("no warning and no failure sign: a supported path").isEmpty();
        assertThat(journal.ofType("configCheck")).as("every node serves every config")
                .isNotEmpty().allSatisfy(c -> assertThat(c.path("nodes"))
                        .allSatisfy(n -> assertThat(n.path("missing").asInt()).isZero()));

        List<JsonNode> counts = journal.samples("nodeCounts");
        assertThat(counts.get(counts.size() - 1).path("nodes")).hasSize(3).allSatisfy(n -> {
            assertThat(n.path("version").asText()).isEqualTo("2.3.2");
            assertThat(n.path("reachable").asBoolean()).isTrue();
        });
        JsonNode totals = journal.ofType("probeSummary").get(0).path("summary").path("totals");
        assertThat(totals.path("noProvider").asLong()).isZero();
        assertThat(totals.path("success").asLong()).isPositive();
        assertThat(Files.readString(runDirectory.resolve("gate-junit.xml"))).contains("failures=\"0\"")
                .contains("name=\"configs intact").contains("name=\"failure signs");
        assertThat(Processes.using(runDirectory)).isEmpty();
    }
}
