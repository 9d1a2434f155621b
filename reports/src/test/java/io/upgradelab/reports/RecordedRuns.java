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

    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl with a machine sample (40% idle, 2% steal)
     * beside every fleet sample, as runs record them since the machine observer, and with the 1.x
     * clients of phase {@code starved} delivering {@code beatsFraction} of their nominal beats.
     */
    public static Path ciSizeRunWithLoad(int starved, double beatsFraction, Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            boolean fleetSample = "fleet".equals(node.path("observer").asText());
            if (fleetSample && node.path("phase").asInt() == starved) {
                ObjectNode fleet = (ObjectNode) node.path("fleet");
                fleet.put("beatsPerSecond", fleet.path("nominalBeatsPerSecond").asDouble() * beatsFraction);
            }
            lines.add(json.writeValueAsString(node));
            if (fleetSample) {
                ObjectNode machine = json.createObjectNode();
                machine.put("type", "sample").put("time", node.path("time").asText())
                        .put("elapsed", node.path("elapsed").asDouble()).put("phase", node.path("phase").asInt())
                        .put("observer", "machine").put("cores", 2).put("idlePercent", 40.0).put("stealPercent", 2.0);
                lines.add(json.writeValueAsString(machine));
            }
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }

    /**
     * What a hostile journal may carry where people read: ESC sequences (clear the screen, set the
     * window title), BEL, NUL, DEL, a C1 CSI and a right-to-left override.
     */
    public static final String CONTROLS = "\u001b[2J\u001b]0;owned\u0007\u0000\u007f\u009b31m\u202eevil";

    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl with {@link #CONTROLS} in the experiment's
     * name and description, in phase 1's title, and in a warning of phase 1.
     */
    public static Path ciSizeRunWithControlCharacters(Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            String type = node.path("type").asText();
            if ("runStarted".equals(type)) {
                node.put("experiment", "ci" + CONTROLS).put("description", "run" + CONTROLS);
            }
            if (node.path("title").asText().equals("ramp to 120 providers")) {
                node.put("title", "ramp" + CONTROLS);
            }
            if ("phaseEnded".equals(type) && node.path("index").asInt() == 1) {
                ObjectNode warning = json.createObjectNode();
                warning.put("type", "warning").put("time", node.path("time").asText())
                        .put("elapsed", node.path("elapsed").asDouble()).put("phase", 1)
                        .put("kind", "nodeNotSynced").put("message", "warned" + CONTROLS);
                lines.add(json.writeValueAsString(warning));
            }
            lines.add(json.writeValueAsString(node));
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }
    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl with a configs observer's check beside every
     * nodeCounts sample, as a run with a {@code configs} section records them: 50 configs, every node
     * that answered checked and intact, a change every sixth check, the 1.x listener judged from the
     * first check and the 2.x one once every node runs 2.0.4. {@code edit} then changes each check
     * (to lose a config, say).
     */
    public static Path ciSizeRunWithConfigChecks(Path dir, java.util.function.Consumer<ObjectNode> edit)
            throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        int checks = 0;
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            lines.add(json.writeValueAsString(node));
            if ("nodeCounts".equals(node.path("observer").asText())) {
                ObjectNode check = configCheck(json, node, checks++ / 6);
                edit.accept(check);
                lines.add(json.writeValueAsString(check));
            }
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }

    private static ObjectNode configCheck(ObjectMapper json, ObjectNode nodeCounts, long changes) {
        ObjectNode check = json.createObjectNode();
        check.put("type", "configCheck").put("time", nodeCounts.path("time").asText())
                .put("elapsed", nodeCounts.path("elapsed").asDouble()).put("phase", nodeCounts.path("phase").asInt())
                .put("published", 50).put("checked", 50).put("changes", changes).put("publishFailures", 0);
        boolean allTwoX = true;
        for (com.fasterxml.jackson.databind.JsonNode n : nodeCounts.path("nodes")) {
            allTwoX &= n.path("version").asText().startsWith("2.");
            check.withArray("nodes").addObject().put("node", n.path("node").asInt())
                    .put("version", n.path("version").asText())
                    .put("state", n.path("reachable").asBoolean() ? "checked" : "unreachable")
                    .put("missing", 0).put("mismatched", 0);
        }
        check.withArray("listeners").addObject().put("generation", "1x").put("client", "1.4.1")
                .put("state", "listening").put("changes", changes).put("notified", changes).put("behind", 0);
        check.withArray("listeners").addObject().put("generation", "2x").put("client", "2.0.4")
                .put("state", allTwoX ? "listening" : "off").put("changes", 0).put("notified", 0).put("behind", 0);
        return check;
    }
}
