package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The journal a CI-size run recorded (reports' test data) in a run directory, for the commands that
 * read one. The recording predates the machine observer, so the gate judges none of its phases (their
 * load is not measured) and answers INCONCLUSIVE; {@link #withValidLoad} makes the copy a run on a
 * machine with room records now, whose phases the gate judges (as reports' RecordedRuns does).
 */
final class RecordedCiRun {

    private static final Path JOURNAL = Path.of(System.getProperty("basedir", "."))
            .resolve("../reports/src/test/resources/journals/ci-size-run.jsonl").normalize();

    private RecordedCiRun() {
    }

    /** {@code dir} holding the recorded journal as it was recorded. */
    static Path in(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.copy(JOURNAL, dir.resolve("journal.jsonl"));
        return dir;
    }

    /**
     * {@code dir} holding the recorded journal with its load measured and valid in every phase: a machine
     * sample (40% idle, 2% steal) beside every fleet sample, the 1.x clients delivering every nominal beat.
     */
    static Path withValidLoad(Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(JOURNAL)) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            boolean fleetSample = "fleet".equals(node.path("observer").asText());
            if (fleetSample && node.has("fleet")) {
                ObjectNode fleet = (ObjectNode) node.path("fleet");
                fleet.put("beatsPerSecond", fleet.path("nominalBeatsPerSecond").asDouble());
            }
            lines.add(json.writeValueAsString(node));
            if (fleetSample) {
                ObjectNode machine = json.createObjectNode().put("type", "sample").put("time", node.path("time").asText())
                        .put("elapsed", node.path("elapsed").asDouble()).put("phase", node.path("phase").asInt())
                        .put("observer", "machine").put("cores", 2).put("idlePercent", 40.0).put("stealPercent", 2.0);
                lines.add(json.writeValueAsString(machine));
            }
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }
}
