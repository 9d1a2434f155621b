import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.files.SummaryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The report's rendering time on a full-scale-length journal: see bench/report. */
public class ReportBench {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        double stretch = Double.parseDouble(env("STRETCH", "3.5"));
        int rounds = Integer.parseInt(env("ROUNDS", "5"));
        Path work = Files.createTempDirectory("report-bench-");
        Path journal = work.resolve("journal.jsonl");
        List<String> lines = stretched(Files.readAllLines(Path.of(args[0])), stretch);
        Files.write(journal, lines);

        long[] millis = new long[rounds];
        SummaryFiles.Written written = null;
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            written = SummaryFiles.write(journal, work.resolve("out"));
            millis[i] = (System.nanoTime() - start) / 1_000_000;
        }
        long[] warm = Arrays.copyOfRange(millis, 1, rounds);
        Arrays.sort(warm);
        System.out.printf("journal: %d lines, %.1f MB (%s stretched x%.1f)%n", lines.size(), Files.size(journal) / 1e6,
                args[0], stretch);
        System.out.printf("render (read, summarise, summary.json, summary.md, report.html): first %d ms, median of"
                + " the next %d: %d ms%n", millis[0], warm.length, warm.length == 0 ? millis[0] : warm[warm.length / 2]);
        System.out.printf("report.html: %.2f MB; kept in %s%n", Files.size(written.html()) / 1e6, work);
    }

    /**
     * Every time t becomes start + (t - start) * stretch; a probe or sample line is repeated at its
     * own interval to fill the stretched gap after it, so the series stay as dense as a real run's.
     */
    private static List<String> stretched(List<String> lines, double stretch) throws Exception {
        Instant start = Instant.parse(JSON.readTree(lines.get(0)).path("time").asText());
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            ObjectNode node = (ObjectNode) JSON.readTree(line);
            String type = node.path("type").asText();
            int copies = "probe".equals(type) || "sample".equals(type) ? (int) Math.round(stretch) : 1;
            double interval = "probe".equals(type) ? 1.0 : 5.0;
            for (int c = 0; c < copies; c++) {
                ObjectNode copy = node.deepCopy();
                shift(copy, start, stretch, c * interval);
                if (copy.has("second")) {
                    shift((ObjectNode) copy.get("second"), start, stretch, c * interval);
                }
                out.add(JSON.writeValueAsString(copy));
            }
        }
        return out;
    }

    private static void shift(ObjectNode node, Instant start, double stretch, double extraSeconds) {
        JsonNode time = node.get("time");
        if (time == null || !time.isTextual()) {
            return;
        }
        Instant t = Instant.parse(time.asText());
        long nanos = (long) ((t.toEpochMilli() - start.toEpochMilli()) * 1e6 * stretch + extraSeconds * 1e9);
        node.put("time", start.plusNanos(nanos).toString());
        if (node.has("elapsed")) {
            node.put("elapsed", node.get("elapsed").asDouble() * stretch + extraSeconds);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
