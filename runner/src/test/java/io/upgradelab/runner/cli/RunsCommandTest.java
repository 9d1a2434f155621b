package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab runs}, in-process, over a runs folder of recorded runs: one judged, one not, one killed. */
class RunsCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @Test
    void listsEveryRunUnderTheFolderWithHowItEndedAndWhatTheGateSaid() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path judged = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(runs.resolve("judged")));
        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 120\n");
        assertThat(cli.run("report", judged.toString(), "--policy", policy.toString())).as(cli.err()).isZero();
        Path plain = RecordedRuns.ciSizeRun(runs.resolve("benches/plain"));
        Path killed = Files.createDirectories(runs.resolve("killed"));
        List<String> lines = Files.readAllLines(plain.resolve("journal.jsonl"));
        Files.write(killed.resolve("journal.jsonl"), lines.subList(0, lines.size() / 2));
        Files.createDirectories(runs.resolve("empty"));
        cli.clear();

        assertThat(cli.run("runs", runs.toString())).as(cli.err()).isZero();

        List<String> text = cli.out().lines().toList();
        assertThat(text.get(0)).startsWith("started").contains("took", "outcome", "verdict", "experiment", "path");
        assertThat(text).hasSize(4);
        assertThat(text).anySatisfy(l -> assertThat(l).containsPattern("completed +FAIL").endsWith(judged.toString()));
        assertThat(text).anySatisfy(l -> assertThat(l).containsPattern("completed +NOT GATED").endsWith(plain.toString()));
        assertThat(text).anySatisfy(l -> assertThat(l).contains("incomplete").endsWith(killed.toString()));

        cli.clear();
        assertThat(cli.run("runs", runs.toString(), "--output", "json")).isZero();
        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("folder").asText()).isEqualTo(runs.toString());
        assertThat(json.get("runs")).hasSize(3).allSatisfy(run -> assertThat(run.get("experiment").asText())
                .isEqualTo("nacos-1x-to-2x-ci"));
        assertThat(json.get("runs")).anySatisfy(run -> {
            assertThat(run.get("path").asText()).isEqualTo(judged.toString());
            assertThat(run.get("verdict").asText()).isEqualTo("FAIL");
            assertThat(run.get("outcome").asText()).isEqualTo("completed");
            assertThat(run.get("seconds").asDouble()).isPositive();
            assertThat(run.get("started").asText()).endsWith("Z");
        });
    }

    @Test
    void aFolderThatIsNotThereIsInvalidInput() {
        assertThat(cli.run("runs", dir.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(cli.err()).contains(dir.resolve("nowhere") + ": no such folder");
    }
}
