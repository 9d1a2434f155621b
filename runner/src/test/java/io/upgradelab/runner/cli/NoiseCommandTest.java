package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.reports.NoiseFloor;
import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code upgrade-lab noise}, in-process, on repeats already made: the CI-size run's recorded journal and its
 * copy (no noise at all), and what it refuses. Running repeats ({@code --repeat}) is a bench's: its evidence
 * is under docs/runs/noise/.
 */
class NoiseCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @Test
    void twoCopiesOfARunHaveNoNoiseAndItsFilesAreWrittenUnderOut() throws Exception {
        Path a = recorded("a");
        Path b = recorded("b");

        assertThat(cli.run("noise", a.toString(), b.toString(), "--out", dir.resolve("noise").toString()))
                .as(cli.err()).isZero();

        assertThat(cli.out()).startsWith("## Noise floor: 2 repeats, 1 pairs")
                .contains("would have failed **0 of 2** ordered pairs", "| cpu | ", "    noise: {");
        assertThat(dir.resolve("noise/noise.md")).hasContent(cli.out());
        NoiseFloor written = NoiseFloor.read(dir.resolve("noise/noise.json"));
        assertThat(written.runs()).containsExactly(a.toString(), b.toString());
        assertThat(written.floors()).allSatisfy((family, floor) -> assertThat(floor).isZero());
    }

    @Test
    void jsonIsTheNoiseFile() throws Exception {
        Path a = recorded("a");

        assertThat(cli.run("noise", a.toString(), a.toString(), "--output", "json")).isZero();

        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.path("format").asInt()).isEqualTo(NoiseFloor.FORMAT);
        assertThat(json.path("families")).hasSize(4);
        assertThat(json.path("pairs").asInt()).isEqualTo(1);
    }

    @Test
    void oneRunAnExperimentWithoutRepeatAndScaleWithoutRepeatAreRefused() throws Exception {
        Path a = recorded("a");

        assertThat(cli.run("noise", a.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("give two or more run directories of one experiment, or an experiment file"
                + " with --repeat N");
        cli.clear();
        assertThat(cli.run("noise", a.toString(), a.toString(), "--scale", "0.5")).isEqualTo(2);
        assertThat(cli.err()).contains("--scale is for --repeat");
        cli.clear();
        assertThat(cli.run("noise", "experiments/nacos-1x-to-2x-ci.yaml", "--repeat", "1")).isEqualTo(2);
        assertThat(cli.err()).contains("--repeat 1: a noise floor needs at least 2 repeats");
    }

    @Test
    void aDirectoryWithoutAJournalIsInvalidInput() throws Exception {
        Path a = recorded("a");
        Path empty = Files.createDirectories(dir.resolve("empty"));

        assertThat(cli.run("noise", a.toString(), empty.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(empty.toString());
    }

    private Path recorded(String name) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.copy(Path.of(System.getProperty("basedir", ".")).resolve(
                "../reports/src/test/resources/journals/ci-size-run.jsonl").normalize(), run.resolve("journal.jsonl"));
        return run;
    }
}
