package io.upgradelab.reports.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.RecordedRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The recorded CI-size run with samples of the team's own signals written in, as the signals observer
 * journals them: what the prometheus and http criteria's tests judge.
 */
final class SignalSamples {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SignalSamples() {
    }

    /** The recorded run copied into {@code dir}, with the lines {@code samples} gives each phase's start written after it. */
    static Path run(Path dir, Function<ObjectNode, List<String>> samples) throws IOException {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run-" + System.nanoTime())));
        Path journal = run.resolve("journal.jsonl");
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            out.add(line);
            ObjectNode node = (ObjectNode) JSON.readTree(line);
            if ("phaseStarted".equals(node.path("type").asText())) {
                out.addAll(samples.apply(node));
            }
        }
        Files.write(journal, out);
        return run;
    }

    /**
     * A sample of {@code signal} at {@code at}'s time and phase: {@code value} null for one not read (then
     * {@code error} says why), {@code healthy} null for a prometheus signal.
     */
    static String sample(ObjectNode at, String signal, String kind, Double value, Boolean healthy, String error) {
        ObjectNode line = JSON.createObjectNode().put("type", "sample").put("observer", "signals")
                .put("time", at.path("time").asText()).put("elapsed", at.path("elapsed").asDouble())
                .put("phase", at.path("index").asInt()).put("signal", signal).put("kind", kind);
        if (value == null) {
            line.putNull("value");
        } else {
            line.put("value", value);
        }
        if (healthy == null) {
            line.putNull("healthy");
        } else {
            line.put("healthy", healthy);
        }
        return line.put("error", error).toString();
    }
}
