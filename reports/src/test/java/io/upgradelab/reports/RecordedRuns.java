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
     * A run directory {@code dir} holding the CI-size run's journal, as a run writes it (read as a resource,
     * so that other modules' tests can use it from this module's test jar).
     */
    public static Path ciSizeRun(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (java.io.InputStream in = RecordedRuns.class.getResourceAsStream("/journals/ci-size-run.jsonl")) {
            Files.copy(in, dir.resolve("journal.jsonl"));
        }
        return dir;
    }

    /**
     * The journal of a run committed as evidence ({@code docs/runs/}{@code name}, gzipped there), unpacked
     * to {@code dir}/journal.jsonl (and its fleet's registry log, where kept, to {@code dir}/fleet/registry.jsonl):
     * a real run of its own, not a copy of the CI-size one.
     */
    public static Path committedRun(String name, Path dir) throws IOException {
        Path gzipped = Path.of(System.getProperty("basedir", ".")).resolve("../docs/runs").resolve(name)
                .resolve("journal.jsonl.gz").normalize();
        Files.createDirectories(dir);
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(gzipped))) {
            Files.copy(in, dir.resolve("journal.jsonl"));
        }
        Path registry = gzipped.resolveSibling("fleet").resolve("registry.jsonl.gz");   // the fleet's, where kept
        if (Files.isRegularFile(registry)) {
            Files.createDirectories(dir.resolve("fleet"));
            try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(registry))) {
                Files.copy(in, dir.resolve("fleet").resolve("registry.jsonl"));
            }
        }
        return dir;
    }

    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl whose nodes' CPU, every sample and every
     * phase's mean, is {@code factor} times the recorded one: the same run on a registry that costs more (or less).
     */
    public static Path ciSizeRunWithCpuTimes(double factor, Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        List<String> recorded;   // read as a resource, so that other modules' tests can use it from the test jar
        try (java.io.InputStream in = RecordedRuns.class.getResourceAsStream("/journals/ci-size-run.jsonl")) {
            recorded = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        }
        for (String line : recorded) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            if ("phaseEnded".equals(node.path("type").asText())) {
                node.withArray("nodes").forEach(n -> ((ObjectNode) n).put("meanCpuPercent",
                        n.path("meanCpuPercent").asDouble() * factor));
            } else if ("nodeResources".equals(node.path("observer").asText())) {   // and every sample behind the means
                node.withArray("nodes").forEach(n -> ((ObjectNode) n).put("cpuPercent",
                        n.path("cpuPercent").asDouble() * factor));
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
     * {@code run}'s journal (a run directory's, as the builders here write it) rewritten with its load
     * measured and valid in every phase, as a run on a machine with room records it: a machine sample (40%
     * idle, 2% steal) beside every fleet sample, and the 1.x clients delivering every nominal beat. The
     * recorded run predates the machine observer, so without this every phase's load is "not measured",
     * and the gate judges none of them.
     */
    public static Path withValidLoad(Path run) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path journal = run.resolve("journal.jsonl");
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            boolean fleetSample = "fleet".equals(node.path("observer").asText());
            if (fleetSample && node.has("fleet")) {
                ObjectNode fleet = (ObjectNode) node.path("fleet");
                fleet.put("beatsPerSecond", fleet.path("nominalBeatsPerSecond").asDouble());
            }
            lines.add(json.writeValueAsString(node));
            if (fleetSample) {
                lines.add(json.writeValueAsString(at(node, json.createObjectNode().put("type", "sample")
                        .put("observer", "machine").put("cores", 2).put("idlePercent", 40.0).put("stealPercent", 2.0))));
            }
        }
        Files.write(journal, lines);
        return run;
    }

    /**
     * {@code run}'s journal cut where phase {@code phase} ended, as a run that failed in it records it:
     * that phaseEnded failed with {@code message} (and {@code cause}, e.g. "lab", unless null), then the
     * runEnded line of a failed run. Returns {@code run}.
     */
    public static Path failedIn(Path run, int phase, String message, String cause) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path journal = run.resolve("journal.jsonl");
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            boolean failed = "phaseEnded".equals(node.path("type").asText()) && node.path("index").asInt() == phase;
            if (failed) {
                node.put("outcome", "failed").put("message", message);
                if (cause != null) {
                    node.put("cause", cause);
                }
            }
            lines.add(json.writeValueAsString(node));
            if (failed) {
                lines.add(json.writeValueAsString(at(node, json.createObjectNode().put("type", "runEnded")
                        .put("outcome", "failed").put("exitCode", 1).put("seconds", node.path("elapsed").asDouble()))
                        .put("phase", -1)));
                break;
            }
        }
        Files.write(journal, lines);
        return run;
    }

    /**
     * {@code run}'s journal rewritten line by line: the lines {@code keep} refuses dropped, the others
     * changed by {@code edit} (a line of a recorded run as a test needs it: a phase failed, a probe
     * second lost). Returns {@code run}.
     */
    public static Path edited(Path run, java.util.function.Predicate<ObjectNode> keep,
                              java.util.function.Consumer<ObjectNode> edit) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path journal = run.resolve("journal.jsonl");
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            if (keep.test(node)) {
                edit.accept(node);
                lines.add(json.writeValueAsString(node));
            }
        }
        Files.write(journal, lines);
        return run;
    }

    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl as runs record it since samples carry their
     * expected count: each nodeCounts sample with {@code expected}, the smallest registered count (the
     * fleet's providers and the demo providers alive, from the fleet sample of the same round: the
     * nearest in time) of its round and the two before, as the runner computes it; in phase
     * {@code lossPhase} node 2 lists {@code lost} fewer providers in every sample.
     */
    public static Path ciSizeRunWithExpected(Path dir, int lossPhase, int lost) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<ObjectNode> nodes = new ArrayList<>();
        java.util.TreeMap<Double, Integer> fleet = new java.util.TreeMap<>();
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            nodes.add(node);
            if ("fleet".equals(node.path("observer").asText()) && node.has("fleet")) {
                fleet.put(node.path("elapsed").asDouble(), node.path("fleet").path("providers").path("1x").asInt()
                        + node.path("fleet").path("providers").path("2x").asInt() + node.path("demoProvidersAlive").asInt());
            }
        }
        List<String> lines = new ArrayList<>();
        java.util.ArrayDeque<Integer> registered = new java.util.ArrayDeque<>();
        for (ObjectNode node : nodes) {
            if ("nodeCounts".equals(node.path("observer").asText())) {
                double at = node.path("elapsed").asDouble();
                Double before = fleet.floorKey(at);
                Double after = fleet.ceilingKey(at);
                registered.addLast(fleet.get(before == null || after != null && after - at < at - before ? after : before));
                if (registered.size() > 3) {
                    registered.removeFirst();
                }
                node.put("expected", registered.stream().mapToInt(Integer::intValue).min().orElseThrow());
                if (node.path("phase").asInt() == lossPhase) {
                    ObjectNode second = (ObjectNode) node.path("nodes").get(1);
                    second.put("instances", second.path("instances").asInt() - lost);
                }
            }
            lines.add(json.writeValueAsString(node));
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }

    /**
     * A copy of the CI-size run in {@code dir}/journal.jsonl as the failure-sign observer and the
     * missing-instance diff write theirs: the signs watched after the probe's set-up ({@code message}:
     * what was not, or null), then in phase 9 a failure sign on node 2 and a diff of node 2 that misses
     * client 3's 20 providers.
     */
    public static Path ciSizeRunWithSigns(Path dir, List<String> watched, String message) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        boolean signed = false;
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            if (!signed && node.path("phase").asInt() == 9 && "sample".equals(node.path("type").asText())) {
                lines.add(json.writeValueAsString(at(node, json.createObjectNode().put("type", "warning")
                        .put("kind", "failureSign").put("sign", "invalidRedirect").put("issue", "alibaba/nacos #12070")
                        .put("node", 2).put("line", REDIRECT).put("repeats", 3)
                        .put("message", "failure sign invalidRedirect (alibaba/nacos #12070) on node 2: " + REDIRECT
                                + " (and 3 more since the last)"))));
                lines.add(json.writeValueAsString(at(node, (ObjectNode) json.readTree(MISSING))));
                signed = true;
            }
            lines.add(json.writeValueAsString(node));
            if ("setUp".equals(node.path("type").asText()) && "probe".equals(node.path("step").asText())) {
                ObjectNode signs = at(node, json.createObjectNode().put("type", "signsWatched"));
                watched.forEach(signs.putArray("signs")::add);
                signs.putArray("logs");
                if (message != null) {
                    signs.put("message", message);
                }
                lines.add(json.writeValueAsString(signs));
            }
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("journal.jsonl"), lines);
        return dir;
    }

    /** A failure sign's line, as node 2's naming-server.log had it in a real run here. */
    public static final String REDIRECT = "2026-11-23 20:24:24,312 ERROR receive invalid redirect request from peer 127.0.0.1";

    private static final String MISSING = """
            {"type":"missingInstances","node":2,"expected":122,"listed":102,"missing":20,
             "clients":[{"client":3,"port":30003,"missing":20,"since":"2026-11-22T04:45:01Z"}],
             "instances":[{"service":"providers:org.upgradelab.demo.LoadService000::","client":3,"port":30003,
                           "since":"2026-11-22T04:45:01Z"}],
             "complete":true}""";

    /** {@code line} given the time, elapsed and phase of {@code beside}. */
    private static ObjectNode at(ObjectNode beside, ObjectNode line) {
        ObjectNode placed = line.deepCopy();
        ObjectNode whole = new ObjectMapper().createObjectNode().put("type", placed.remove("type").asText())
                .put("time", beside.path("time").asText()).put("elapsed", beside.path("elapsed").asDouble())
                .put("phase", beside.path("phase").asInt());
        whole.setAll(placed);
        return whole;
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
     * (to lose a config, say). As runs record it now, the failure-sign observer's signsWatched line
     * follows the probe's set-up (every sign watched, none seen).
     */
    public static Path ciSizeRunWithConfigChecks(Path dir, java.util.function.Consumer<ObjectNode> edit)
            throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        int checks = 0;
        for (String line : Files.readAllLines(ciSizeJournal())) {
            ObjectNode node = (ObjectNode) json.readTree(line);
            lines.add(json.writeValueAsString(node));
            if ("setUp".equals(node.path("type").asText()) && "probe".equals(node.path("step").asText())) {
                ObjectNode signs = at(node, json.createObjectNode().put("type", "signsWatched"));
                io.upgradelab.journal.FailureSignWarning.SIGNS.forEach(signs.putArray("signs")::add);
                signs.putArray("logs");
                lines.add(json.writeValueAsString(signs));
            }
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
