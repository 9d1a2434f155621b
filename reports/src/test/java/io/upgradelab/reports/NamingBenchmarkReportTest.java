package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.NamingBenchmark.NodeCpu;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.reports.files.SummaryFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The naming benchmark's operations in the summary, its tables and compare: small journals written
 * here, one benchmark line per operation as the runner writes them (the journal module's record).
 */
class NamingBenchmarkReportTest {

    private static final ObjectMapper JSON = JournalJson.builder().build();
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final List<String> ON_1X = List.of("1.4.1", "1.4.1", "1.4.1");
    private static final List<NodeCpu> CPU = List.of(new NodeCpu(1, 45.2, 60, 10), new NodeCpu(2, 40, 50, 10),
            new NodeCpu(3, 38.5, 41, 10));

    @TempDir
    Path dir;

    @Test
    void eachRowIsAgainstTheFirstEarlierRowOfTheSameOperationConcurrencyAndShape() throws Exception {
        RunSummary run = summary(journal("run", List.of(
                entry(1, op("register", 4, 8, 10, 1000, 20)),
                entry(1, op("query", 4, 8, 10, 3000, 5)),
                entry(1, op("register", 8, 4, 20, 900, 30)),     // 20 services: another shape, no counterpart
                entry(4, op("register", 8, 4, 10, 2500, 10)),    // 32 threads as 4x8 were: against phase 1's first
                entry(4, op("query", 4, 16, 10, 9000, 4)),       // 64 threads: another load, no counterpart
                entry(5, op("register", 4, 8, 10, 3000, 0)))));  // against the first (phase 1), not phase 4's

        List<BenchmarkSummary> rows = run.benchmarks();

        assertThat(rows).extracting(BenchmarkSummary::phase).containsExactly(1, 1, 1, 4, 4, 5);
        assertThat(rows.get(0).againstEarlier()).isNull();
        assertThat(rows.get(1).againstEarlier()).isNull();
        assertThat(rows.get(2).againstEarlier()).isNull();
        assertThat(rows.get(3).againstEarlier()).isEqualTo(new BenchmarkSummary.EarlierRatio(1, 2.5, 0.5));
        assertThat(rows.get(4).againstEarlier()).isNull();
        assertThat(rows.get(5).againstEarlier().phase()).isEqualTo(1);
        assertThat(rows.get(5).againstEarlier().tpsRatio()).isCloseTo(3.0, within(1e-9));
        assertThat(rows.get(5).againstEarlier().p99Ratio()).as("no response time: no p99 ratio").isNull();
        assertThat(rows.get(3).concurrency()).isEqualTo(32);
    }

    @Test
    void theOpenApiIsComparedWithTheOpenApiNotWithTheSdk() throws Exception {
        NamingBenchmark sdk = op("register", 4, 8, 10, 1000, 20);
        NamingBenchmark api = new NamingBenchmark("register", "http", "", "http", 4, 8, 10, 100, ON_1X, 8000, 8000,
                Map.of(), 10, "done", 800, ResponseTimes.NONE, null, CPU, List.of(), -1, "");
        List<BenchmarkSummary> rows = summary(journal("run", List.of(entry(1, sdk), entry(2, api),
                entry(5, op("register", 4, 8, 10, 2000, 10)), entry(6, api)))).benchmarks();

        assertThat(rows.get(1).againstEarlier()).as("the open API against the SDK is no before/after").isNull();
        assertThat(rows.get(2).againstEarlier().phase()).isEqualTo(1);
        assertThat(rows.get(3).againstEarlier().phase()).as("the open API after, against the open API before")
                .isEqualTo(2);
    }

    @Test
    void theTableReadsAsNacossBenchmarkReportsWithErrorsByKindAndTheRatio() throws Exception {
        NamingBenchmark upgraded = new NamingBenchmark("register", "sdk", "2.0.4", "grpc", 8, 4, 10, 100,
                List.of("2.0.4", "1.4.1", "1.4.1"), 1012, 1000, Map.of("SocketTimeoutException", 2L,
                "NacosException 500", 10L), 0.4, "done", 2500, new ResponseTimes(1000, 4, 1, 30, 3, 6, 8, 10),
                null, CPU, List.of(2.0, 2.0, 2.0), 8, "benchmark/phase-4-register.jtl");
        RunSummary run = summary(journal("run", List.of(entry(1, op("register", 4, 8, 10, 1000, 20)),
                entry(4, upgraded), entry(4, http("query")))));

        String md = SummaryMarkdown.render(run);

        assertThat(md).contains("### Naming benchmark\n\n| phase | operation | servers | client | threads | TPS | RT avg"
                + " | min | max | p80 | p95 | p99 (ms) | errors | server CPU % per node | TPS vs phase N |");
        assertThat(benchmarkRows(md)).containsExactly(
                "| 1 | register | 1.4.1 x3 | 1.4.1 sdk (http) | 32 (4x8) | 1000 | 10.00 | 1.00 | 40.00 | 15.00"
                        + " | 18.00 | 20.00 | 0 | 45.2, 40, 38.5 | - |",
                "| 4 | register | 2.0.4, 1.4.1 x2 | 2.0.4 sdk (grpc) | 32 (8x4) | 2500 | 4.00 | 1.00 | 30.00 | 6.00"
                        + " | 8.00 | 10.00 | **12 (NacosException 500: 10, SocketTimeoutException: 2)**"
                        + " | 45.2, 40, 38.5 (limit 2 cores each) | x2.50 vs phase 1, p99 x0.50 |",
                "| 4 | query (stopped by time) | 2.0.4 x3 | http API | 4 (1x4) | 500.5 | - | - | - | - | - | - | 0"
                        + " | not measured | - |");
    }

    /** A run that benchmarks before and after its upgrade opens with what the upgrade changed, in its own words. */
    @Test
    void theReportOpensWithTheOperationsMeasuredBeforeAndAfterTheUpgrade() throws Exception {
        NamingBenchmark upgraded = new NamingBenchmark("register", "sdk", "2.0.4", "grpc", 8, 4, 10, 100,
                List.of("2.0.4", "2.0.4", "2.0.4"), 1000, 1000, Map.of(), 0.4, "done", 2500,
                new ResponseTimes(1000, 4, 1, 30, 3, 6, 8, 10), null, CPU, List.of(), 8, "");
        RunSummary run = summary(journal("run", List.of(entry(1, op("register", 4, 8, 10, 1000, 20)),
                entry(1, op("query", 4, 8, 10, 3000, 5)), entry(4, upgraded))));

        assertThat(UpgradeChange.of(run)).containsExactly(new UpgradeChange(1, 4,
                "benchmark register (sdk, 32 threads), 1.4.1 x3 -> 2.0.4 x3",
                "1000 -> 2500 TPS (x2.50), p99 20.00 -> 10.00 ms (x0.50)"));
        String md = SummaryMarkdown.render(run);
        assertThat(md.indexOf("- phase 1 -\\> 4, benchmark register (sdk, 32 threads), 1.4.1 x3 -\\> 2.0.4 x3: 1000 -\\>"
                + " 2500 TPS (x2.50), p99 20.00 -\\> 10.00 ms (x0.50)\n")).isPositive()
                .isLessThan(md.indexOf("### Naming benchmark"));
    }

    @Test
    void aNodeWithoutCpuSamplesIsNotMeasuredNeverZeroPercent() throws Exception {
        List<NodeCpu> unsampled = List.of(new NodeCpu(1, 45.2, 60, 10), new NodeCpu(2, 0, 0, 0), new NodeCpu(3, 38.5, 41, 3));
        NamingBenchmark query = op("query", 4, 8, 10, 3000, 5);
        RunSummary run = summary(journal("run", List.of(entry(1, withCpu(query, unsampled)))));

        assertThat(run.benchmarks().get(0).cpu()).extracting(BenchmarkSummary.NodeCpu::meanPercent)
                .containsExactly(45.2, null, 38.5);
        assertThat(SummaryText.benchmarkRows(run).get(0).get(13).text()).isEqualTo("45.2, not measured, 38.5");

        SummaryFiles.Written written = SummaryFiles.write(dir.resolve("run"), dir.resolve("out"));
        JsonNode node2 = JSON.readTree(written.json().toFile()).path("benchmarks").get(0).path("cpu").get(1);
        assertThat(node2.path("samples").asInt(-1)).isZero();
        assertThat(node2.has("meanPercent")).isTrue();
        assertThat(node2.path("meanPercent").isNull()).as("null, not 0").isTrue();
    }

    @Test
    void theSummaryJsonCarriesTheRowsAndTheHtmlShowsTheTableAfterThePhasesEscaped() throws Exception {
        journal("run", List.of(entry(1, op("register", 4, 8, 10, 1000, 20)),
                entry(4, op("<script>alert(1)</script>", 4, 8, 10, 2000, 10))));

        SummaryFiles.Written written = SummaryFiles.write(dir.resolve("run"), dir.resolve("out"));

        JsonNode benchmarks = JSON.readTree(written.json().toFile()).path("benchmarks");
        assertThat(benchmarks).hasSize(2);
        assertThat(benchmarks.get(0).path("servers").asText()).isEqualTo("1.4.1 x3");
        assertThat(benchmarks.get(0).path("responseTimes").path("p99").asDouble()).isEqualTo(20.0);
        assertThat(benchmarks.get(0).has("againstEarlier")).isFalse();
        Document page = Jsoup.parse(written.html().toFile(), StandardCharsets.UTF_8.name());
        assertThat(page.select("table").eachAttr("id")).containsSubsequence("phases", "benchmarks", "events");
        List<Element> rows = page.select("table#benchmarks tbody tr");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1).select("td").get(1).text()).isEqualTo("<script>alert(1)</script>");
        assertThat(rows.get(0).select("td").get(3).text()).isEqualTo("1.4.1 sdk (http)");
        assertThat(page.select("script, link, [src^=http]")).isEmpty();
        assertThat(page.select("h2").eachText()).contains("Naming benchmark");
    }

    @Test
    void aRunWithoutBenchmarkLinesHasNoBenchmarkSection() throws Exception {
        journal("run", List.of());

        SummaryFiles.Written written = SummaryFiles.write(dir.resolve("run"), dir.resolve("out"));

        assertThat(written.markdownText()).contains("| 1 | hold |").doesNotContain("Naming benchmark");
        assertThat(Files.readString(written.json())).doesNotContain("benchmarks");
        assertThat(Jsoup.parse(written.html().toFile(), "UTF-8").select("#benchmarks")).isEmpty();
    }

    @Test
    void compareShowsEachOperationsTpsAndP99BeforeAndAfterAndListsThoseWithoutACounterpart() throws Exception {
        RunSummary before = summary(journal("before", List.of(entry(1, op("register", 4, 8, 10, 1000, 20)),
                entry(1, op("query", 4, 8, 10, 3000, 5)), entry(2, op("register", 4, 8, 10, 1200, 15)))));
        RunSummary after = summary(journal("after", List.of(entry(1, op("query", 4, 8, 10, 9000, 4)),
                entry(1, op("register", 4, 8, 10, 2000, 10)), entry(3, op("register", 4, 8, 10, 5000, 2)))));

        RunComparison comparison = RunComparison.of(before, after);

        BenchmarkComparison benchmarks = comparison.benchmarks();
        assertThat(benchmarks.pairs()).extracting(p -> p.before().operation() + "/" + p.after().operation())
                .containsExactly("register/register", "query/query");
        assertThat(benchmarks.pairs().get(1).tpsRatio()).isCloseTo(3.0, within(1e-9));
        assertThat(benchmarks.pairs().get(1).p99Ratio()).isCloseTo(0.8, within(1e-9));
        assertThat(benchmarks.onlyInBefore()).extracting(BenchmarkSummary::phase).containsExactly(2);
        assertThat(benchmarks.onlyInAfter()).extracting(BenchmarkSummary::phase).containsExactly(3);
        String md = CompareMarkdown.render(comparison);
        assertThat(md).contains("### Naming benchmark\n\n| phase | operation | TPS before | after | after / before |"
                        + " p99 ms before | after | after / before |",
                "| 1 | register | 1000 | 2000 | x2.00 | 20.00 | 10.00 | x0.50 |",
                "| 1 | query | 3000 | 9000 | x3.00 | 5.00 | 4.00 | x0.80 |",
                "Benchmark operations only in the before run: 2 (register) \n",
                "Benchmark operations only in the after run: 3 (register) \n");
    }

    @Test
    void anOperationMeasuredTwiceInAPhasePairsInOrderAndWithoutTpsHasNoRatio() {
        BenchmarkSummary twiceA = row(1, "register", 100);
        BenchmarkSummary twiceB = row(1, "register", 200);
        BenchmarkSummary none = row(1, "register", 0);

        BenchmarkComparison comparison = BenchmarkComparison.of(List.of(none, twiceA), List.of(twiceB, twiceA));

        assertThat(comparison.pairs()).extracting(p -> p.before().tps() + "->" + p.after().tps())
                .containsExactly("0.0->200.0", "100.0->100.0");
        assertThat(comparison.pairs().get(0).tpsRatio()).as("nothing before to divide by").isNull();
        assertThat(comparison.pairs().get(1).tpsRatio()).isEqualTo(1.0);
        assertThat(comparison.onlyInBefore()).isEmpty();
        assertThat(comparison.onlyInAfter()).isEmpty();
    }

    @Test
    void aBenchmarkLineThatDoesNotReadIsRefusedNamingTheFileAndLine() throws Exception {
        Path journal = journal("run", List.of(entry(1, op("register", 4, 8, 10, 1000, 20))));
        List<String> lines = new ArrayList<>(Files.readAllLines(journal));
        int benchmark = indexOf(lines, "\"type\":\"benchmark\"");
        lines.set(benchmark, lines.get(benchmark).replace("\"clients\":4", "\"clients\":\"four\""));
        Files.write(journal, lines);

        assertThatThrownBy(() -> RunSummaries.of(JournalFile.read(journal))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(journal + ":" + (benchmark + 1) + ": a benchmark line does not read");

        lines.set(benchmark, lines.get(benchmark).replace("\"operation\":\"register\",", ""));
        lines.set(benchmark, lines.get(benchmark).replace("\"clients\":\"four\"", "\"clients\":4"));
        Files.write(journal, lines);
        assertThatThrownBy(() -> RunSummaries.of(JournalFile.read(journal)))
                .hasMessage(journal + ":" + (benchmark + 1) + ": a benchmark line without its operation");
    }

    @Test
    void serversAreGivenByNodeWithRepeatsRunTogether() {
        assertThat(BenchmarkSummary.servers(ON_1X)).isEqualTo("1.4.1 x3");
        assertThat(BenchmarkSummary.servers(List.of("2.0.4", "1.4.1", "1.4.1"))).isEqualTo("2.0.4, 1.4.1 x2");
        assertThat(BenchmarkSummary.servers(List.of("1.4.1", "2.0.4", "1.4.1"))).isEqualTo("1.4.1, 2.0.4, 1.4.1");
        assertThat(BenchmarkSummary.servers(List.of())).isEmpty();
    }

    /** An operation on 1.4.1 servers by a 1.4.1 client over HTTP, without errors, CPU measured; p99 0: no response time. */
    private static NamingBenchmark op(String operation, int clients, int threads, int services, double tps, double p99) {
        ResponseTimes rt = p99 == 0 ? ResponseTimes.NONE : new ResponseTimes(1000, p99 / 2, 1, p99 * 2, p99 / 4,
                p99 * 0.75, p99 * 0.9, p99);
        long succeeded = Math.round(tps * 10);
        return new NamingBenchmark(operation, "sdk", "1.4.1", "http", clients, threads, services, 100, ON_1X, succeeded,
                succeeded, Map.of(), 10, "done", tps, rt, null, CPU, List.of(), -1, "benchmark/" + operation + ".jtl");
    }

    /** The HTTP open API, on 2.x servers, stopped by its phase's time bound, CPU not sampled. */
    private static NamingBenchmark http(String operation) {
        return new NamingBenchmark(operation, "http", "", "http", 1, 4, 10, 100, List.of("2.0.4", "2.0.4", "2.0.4"),
                5005, 5005, Map.of(), 10, "time", 500.5, ResponseTimes.NONE, null, List.of(), List.of(), -1, "");
    }

    private static NamingBenchmark withCpu(NamingBenchmark b, List<NodeCpu> cpu) {
        return new NamingBenchmark(b.operation(), b.api(), b.client(), b.transport(), b.clients(), b.threads(),
                b.services(), b.instances(), b.servers(), b.attempted(), b.succeeded(), b.errors(), b.seconds(),
                b.stoppedBy(), b.tps(), b.responseTimes(), b.latencyHistogram(), cpu, b.cpuLimits(),
                b.grpcConnections(), b.jtl());
    }

    private static BenchmarkSummary row(int phase, String operation, double tps) {
        return new BenchmarkSummary(phase, operation, "sdk", "1.4.1", "http", "1.4.1 x3", 4, 8, 32, 10, 100, 10, 10, 0,
                Map.of(), 1, "done", tps, ResponseTimes.NONE, List.of(), List.of(), -1, "", null);
    }

    /** A benchmark line's body and the phase it is journalled in. */
    private record Entry(int phase, NamingBenchmark body) {
    }

    private static Entry entry(int phase, NamingBenchmark body) {
        return new Entry(phase, body);
    }

    /**
     * {@code dir/name/journal.jsonl}: a run with one phase per benchmark phase named (a hold 1 before
     * any), each benchmark line in its phase, as the runner writes them.
     */
    private Path journal(String name, List<Entry> entries) throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add(line("runStarted", 0, 0, Map.of("experiment", "bench", "scale", 1)));
        int elapsed = 1;
        List<Integer> phases = new ArrayList<>(List.of(1));
        entries.stream().map(Entry::phase).filter(p -> !phases.contains(p)).forEach(phases::add);
        for (int phase : phases) {
            Map<String, Object> started = Map.of("index", phase, "kind", "hold", "title", "hold", "expectedSeconds", 10);
            lines.add(line("phaseStarted", phase, elapsed++, started));
            for (Entry e : entries) {
                if (e.phase() == phase) {
                    lines.add(line("benchmark", phase, elapsed++, e.body()));
                }
            }
            lines.add(line("phaseEnded", phase, elapsed++, Map.of("index", phase, "kind", "hold", "title", "hold",
                    "outcome", "done", "seconds", 10, "expectedSeconds", 10, "nodes", List.of())));
        }
        lines.add(line("runEnded", -1, elapsed, Map.of("outcome", "completed", "exitCode", 0, "seconds", elapsed)));
        Path run = Files.createDirectories(dir.resolve(name));
        return Files.write(run.resolve(JournalFile.NAME), lines);
    }

    private static String line(String type, int phase, int elapsed, Object body) throws Exception {
        ObjectNode node = JSON.createObjectNode().put("type", type).put("time", START.plusSeconds(elapsed).toString())
                .put("elapsed", elapsed).put("phase", phase);
        node.setAll((ObjectNode) JSON.valueToTree(body));
        return JSON.writeValueAsString(node);
    }

    private static RunSummary summary(Path journal) {
        return RunSummaries.of(JournalFile.read(journal));
    }

    private static List<String> benchmarkRows(String md) {
        String section = md.substring(md.indexOf("### Naming benchmark"));
        return section.lines().filter(l -> l.matches("\\| \\d+ \\|.*")).toList();
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no line with " + text);
    }
}
