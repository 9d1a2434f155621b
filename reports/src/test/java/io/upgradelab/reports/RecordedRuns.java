package io.upgradelab.reports;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Journals real runs recorded, kept as test data. */
public final class RecordedRuns {

    private RecordedRuns() {
    }

    /** A CI-size run of experiments/nacos-1x-to-2x-ci.yaml on a 2-core machine. */
    public static Path ciSizeJournal() {
        try {
            return Path.of(RecordedRuns.class.getResource("/journals/ci-size-run.jsonl").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl whose nodes' mean CPU in every phase is
     * {@code factor} times the recorded one: the same run on a registry that costs more (or less).
     */
    public static Path ciSizeRunWithCpuTimes(double factor, Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            if ("phaseEnded".equals(node.path("type").asText())) {
                node.withArray("nodes").forEach(n -> ((ObjectNode) n).put("meanCpuPercent",
                        n.path("meanCpuPercent").asDouble() * factor));
            }
            lines.add(json.writeValueAsString(node));
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }
}
