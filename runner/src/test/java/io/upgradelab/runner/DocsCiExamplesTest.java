package io.upgradelab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The CI examples under docs/ci/ do what their README says: build the lab, run an experiment of the
 * repository with {@code --gate} and a policy of the repository, then, whatever the outcome, publish
 * the gate's JUnit XML and keep {@code report.html}, both from the run directory the run line names.
 */
class DocsCiExamplesTest {

    private static final Path CI = LabHome.root().resolve("docs/ci");
    private static final YAMLMapper YAML = new YAMLMapper();

    /** {@code ./upgrade-lab run EXPERIMENT --out DIR --gate POLICY}, as a CI script line writes it. */
    record RunLine(String experiment, String out, String policy) {

        static Optional<RunLine> in(String script) {
            List<String> words = Arrays.asList(script.trim().split("\\s+"));
            int run = words.indexOf("run");
            if (run < 1 || !words.get(run - 1).endsWith("upgrade-lab")) {
                return Optional.empty();
            }
            return Optional.of(new RunLine(words.get(run + 1), after(words, "--out"), after(words, "--gate")));
        }

        private static String after(List<String> words, String flag) {
            int at = words.indexOf(flag);
            return at < 0 || at + 1 >= words.size() ? null : words.get(at + 1);
        }

        void isGatedAndNamesFilesOfTheRepository() {
            assertThat(out).as("--out: the run directory the published paths are in").isNotBlank();
            assertThat(policy).as("--gate POLICY").isNotBlank();
            assertThat(LabHome.root().resolve(experiment)).isRegularFile();
            assertThat(LabHome.root().resolve(policy)).isRegularFile();
        }

        String junit() {
            return out + "/" + Gate.JUNIT_NAME;
        }

        String report() {
            return out + "/" + SummaryFiles.HTML_NAME;
        }
    }

    @Test
    void githubActionsBuildsRunsTheGateAndPublishesItsJUnitAndTheReportWhateverTheOutcome() throws IOException {
        JsonNode workflow = read("github-actions.yml");
        List<JsonNode> steps = new ArrayList<>();
        workflow.path("jobs").forEach(job -> job.path("steps").forEach(steps::add));
        RunLine run = only(steps.stream().map(s -> RunLine.in(s.path("run").asText())).flatMap(Optional::stream).toList());
        run.isGatedAndNamesFilesOfTheRepository();
        int runAt = indexOf(steps, s -> RunLine.in(s.path("run").asText()).isPresent());
        assertThat(indexOf(steps, s -> s.path("run").asText().startsWith("./mvnw"))).as("built before it runs")
                .isBetween(0, runAt - 1);

        JsonNode junit = steps.get(indexOf(steps, s -> s.path("uses").asText().startsWith("mikepenz/action-junit-report")));
        assertThat(junit.at("/with/report_paths").asText()).isEqualTo(run.junit());
        assertThat(junit.path("if").asText()).isEqualTo("always()");

        JsonNode upload = steps.get(indexOf(steps, s -> s.path("uses").asText().startsWith("actions/upload-artifact")));
        assertThat(upload.at("/with/path").asText().lines().map(String::trim)).contains(run.report(), run.junit());
        assertThat(upload.path("if").asText()).isEqualTo("always()");
    }

    @Test
    void gitlabCiBuildsRunsTheGateAndPublishesItsJUnitAndTheReportWhateverTheOutcome() throws IOException {
        JsonNode pipeline = read("gitlab-ci.yml");
        List<JsonNode> jobs = new ArrayList<>();
        pipeline.forEach(entry -> {
            if (entry.has("script")) {
                jobs.add(entry);
            }
        });
        JsonNode job = only(jobs);
        List<String> script = new ArrayList<>();
        job.path("script").forEach(line -> script.add(line.asText()));
        RunLine run = only(script.stream().map(RunLine::in).flatMap(Optional::stream).toList());
        run.isGatedAndNamesFilesOfTheRepository();
        assertThat(script.get(0)).as("built before it runs").startsWith("./mvnw");

        JsonNode artifacts = job.path("artifacts");
        assertThat(artifacts.at("/reports/junit").asText()).isEqualTo(run.junit());
        List<String> kept = new ArrayList<>();
        artifacts.path("paths").forEach(path -> kept.add(path.asText()));
        assertThat(kept).contains(run.report());
        assertThat(artifacts.path("when").asText()).isEqualTo("always");
    }

    private static JsonNode read(String name) throws IOException {
        Path file = CI.resolve(name);
        assertThat(file).isRegularFile();
        return YAML.readTree(Files.readString(file));
    }

    private static <T> T only(List<T> found) {
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static int indexOf(List<JsonNode> steps, java.util.function.Predicate<JsonNode> which) {
        for (int i = 0; i < steps.size(); i++) {
            if (which.test(steps.get(i))) {
                return i;
            }
        }
        throw new AssertionError("no such step in " + steps);
    }
}
