package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab compare}, in-process, on the journal a CI-size run recorded (reports' test data). */
class CompareCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @Test
    void printsEveryPhaseBeforeAfterAndChangeAndWritesItUnderOut() throws Exception {
        compareWithAHalfCopyOutToCmp();

        assertThat(cli.out()).startsWith("## Before: nacos-1x-to-2x-ci, completed in ")
                .contains("## After: nacos-1x-to-2x-ci, incomplete in ")
                .contains("| 1 | ramp to 120 providers | 4 → 4 |")
                .contains("Only in the before run: ");
        assertThat(dir.resolve("cmp/compare.md")).hasContent(cli.out());
    }

    @Test
    void outAlsoWritesAnOfflinePageNamingBothRunsWithARowPerPhaseAndTheirCharts() throws Exception {
        compareWithAHalfCopyOutToCmp();

        Path html = dir.resolve("cmp").resolve(CompareCommand.HTML_NAME);
        assertThat(cli.err()).contains("wrote " + dir.resolve("cmp/compare.md")).contains("wrote " + html);
        Document page = Jsoup.parse(html.toFile(), StandardCharsets.UTF_8.name());
        // two runs of one experiment: told apart by when they started
        assertThat(page.title()).matches("compare: nacos-1x-to-2x-ci \\(started 2026-11-22T04:36:56[^)]*\\) vs"
                + " nacos-1x-to-2x-ci \\(started 2026-11-22T04:36:56[^)]*\\)");
        assertThat(page.select("table#runs tr.before").text()).contains("nacos-1x-to-2x-ci: completed in ");
        assertThat(page.select("table#runs tr.after").text()).contains("nacos-1x-to-2x-ci: incomplete in ");
        // as many rows as the Markdown's phase rows, the first with both runs' figures
        long markdownRows = cli.out().lines().filter(l -> l.matches("\\| \\d+ \\|.*")).count();
        List<Element> rows = page.select("table#phases tbody tr");
        assertThat(rows).hasSize((int) markdownRows).isNotEmpty();
        assertThat(rows.get(0).select("td").eachText()).startsWith("1", "ramp to 120 providers", "4", "4", "0");
        assertThat(page.select("#only-before").text()).startsWith("Only in the before run: ");
        assertThat(page.select("figure img.chart")).hasSize(4)
                .allMatch(img -> img.attr("src").startsWith("data:image/svg+xml;base64,"));
        assertThat(page.select("script, link, [src^=http]")).isEmpty();
    }

    /** compare --out cmp of the recorded run against a copy killed half way through; exit 0. */
    private void compareWithAHalfCopyOutToCmp() throws Exception {
        Path before = recorded("before");
        Path after = Files.createDirectories(dir.resolve("after"));
        List<String> lines = Files.readAllLines(before.resolve("journal.jsonl"));
        Files.write(after.resolve("journal.jsonl"), lines.subList(0, lines.size() / 2));   // killed half way

        assertThat(cli.run("compare", before.toString(), after.toString(), "--out", dir.resolve("cmp").toString()))
                .isZero();
    }

    @Test
    void withoutOutNoPageIsWritten() throws Exception {
        Path before = recorded("before");

        assertThat(cli.run("compare", before.toString(), before.toString())).isZero();

        assertThat(cli.err()).doesNotContain("wrote");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(before);
        }
    }

    @Test
    void aRunDirectoryWithoutAJournalIsInvalidInputNamingIt() throws Exception {
        assertThat(cli.run("compare", recorded("before").toString(), dir.resolve("nothing").toString())).isEqualTo(2);
        assertThat(cli.err()).contains(dir.resolve("nothing").toString()).contains("no journal here");
    }

    /** A symbolic link planted in the --out folder: exit 2 before anything is printed or written. */
    @Test
    void aSymbolicLinkInTheOutFolderIsRefusedAndNothingIsWritten() throws Exception {
        Path before = recorded("before");
        Path out = Files.createDirectories(dir.resolve("cmp"));
        Path precious = Files.writeString(Files.createDirectories(dir.resolve("home")).resolve(".bashrc"), "export PATH\n");
        Path link = Files.createSymbolicLink(out.resolve(CompareCommand.HTML_NAME), precious);

        assertThat(cli.run("compare", before.toString(), before.toString(), "--out", out.toString())).isEqualTo(2);

        assertThat(cli.err()).contains("upgrade-lab: " + link + " is a symbolic link: refusing to write through it");
        assertThat(precious).content().isEqualTo("export PATH\n");
        assertThat(out.resolve(CompareCommand.FILE_NAME)).doesNotExist();
        assertThat(cli.out()).isEmpty();
    }

    /** --out where a run's journal is named as the comparison would overwrite it: exit 2, the journal kept. */
    @Test
    void outOverAComparedJournalIsRefused() throws Exception {
        Path recordedJournal = recorded("before").resolve("journal.jsonl");
        Path journal = Files.copy(recordedJournal, dir.resolve(CompareCommand.FILE_NAME));

        assertThat(cli.run("compare", journal.toString(), recordedJournal.toString(), "--out", dir.toString()))
                .isEqualTo(2);

        assertThat(cli.err()).contains(journal + " is " + journal + ", which this command reads");
        assertThat(journal).content().isEqualTo(Files.readString(recordedJournal));
        assertThat(dir.resolve(CompareCommand.HTML_NAME)).doesNotExist();
    }

    private Path recorded(String name) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.copy(Path.of(System.getProperty("basedir", ".")).resolve("../reports/src/test/resources/journals/ci-size-run.jsonl")
                .normalize(), run.resolve("journal.jsonl"));
        return run;
    }

    @Test
    void jsonHasBothRunsAndEveryFigureOfEveryPairedPhase() throws Exception {
        Path before = recorded("before");
        Path after = Files.createDirectories(dir.resolve("after"));
        List<String> lines = Files.readAllLines(before.resolve("journal.jsonl"));
        Files.write(after.resolve("journal.jsonl"), lines.subList(0, lines.size() / 2));   // killed half way

        assertThat(cli.run("compare", before.toString(), after.toString(), "--output", "json")).isZero();

        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertThat(json.get("before").get("experiment").asText()).isEqualTo("nacos-1x-to-2x-ci");
        assertThat(json.get("before").get("outcome").asText()).isEqualTo("completed");
        assertThat(json.get("before").get("seconds").asDouble()).isEqualTo(539.506);
        assertThat(json.get("before").get("started").asText()).startsWith("2026-11-22T04:36:56");
        assertThat(json.get("after").get("outcome").asText()).isEqualTo("incomplete");
        JsonNode first = json.get("phases").get(0);
        assertThat(first.get("number").asInt()).isEqualTo(1);
        assertThat(first.get("kind").asText()).isEqualTo("rampTo");
        assertThat(first.get("title").asText()).isEqualTo("ramp to 120 providers");
        JsonNode seconds = first.get("figures").get("seconds");
        assertThat(seconds.get("before").asDouble()).isEqualTo(4.341);
        assertThat(seconds.get("after").asDouble()).isEqualTo(4.341);
        assertThat(seconds.get("change").asDouble()).isZero();
        assertThat(seconds.get("ratio").isNull()).isTrue();   // a count: a difference, never a ratio
        assertThat(first.get("figures").fieldNames()).toIterable().containsExactly("seconds", "flapping",
                "cpuMeanPercent", "cpuP95Percent", "probeSuccessPercent", "noProviderErrors", "latencyP99Ms");
        JsonNode cpu = first.get("figures").get("cpuMeanPercent");
        assertThat(cpu.get("ratio").asDouble()).isEqualTo(1.0);
        assertThat(json.get("onlyInBefore")).isNotEmpty();
        assertThat(json.get("onlyInBefore").get(0).get("number").asInt())
                .isEqualTo(json.get("phases").size() + 1);
        assertThat(json.get("onlyInAfter")).isEmpty();
        assertThat(json.get("benchmarks")).isEmpty();
        // the same samples on both sides (the after run is the before's first half): nothing moved, each with its n
        assertThat(json.get("shifts")).isNotEmpty().allSatisfy(shift -> {
            assertThat(shift.get("judgement").asText()).isIn("same", "thin");
            assertThat(shift.get("nBefore").asInt()).isNotNegative();
            assertThat(shift.get("worseWhen").asText()).isIn("higher", "lower");
        });
        assertThat(json.get("shifts")).filteredOn(shift -> shift.get("judgement").asText().equals("same"))
                .isNotEmpty().allSatisfy(shift -> {
                    assertThat(shift.get("effect").asDouble()).isZero();
                    assertThat(shift.get("low").asDouble()).isLessThanOrEqualTo(0);
                    assertThat(shift.get("high").asDouble()).isGreaterThanOrEqualTo(0);
                    assertThat(shift.get("confidence").asDouble()).isEqualTo(0.95);
                    assertThat(shift.get("nAfter").asInt()).isGreaterThanOrEqualTo(3);
                });
    }

    @Test
    void jsonPairsTheConsumerStacksOfTwoRunsByPhaseStackAndEvent() throws Exception {
        Path run = Files.createDirectories(dir.resolve("stacks"));
        Path gzipped = Path.of(System.getProperty("basedir", ".")).resolve(
                "../docs/runs/consumer-stacks/nacos-1x-to-2x-stacks-ci/journal.jsonl.gz").normalize();
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gzipped))) {
            Files.copy(in, run.resolve("journal.jsonl"));
        }

        assertThat(cli.run("compare", run.toString(), run.toString(), "--output", "json")).isZero();

        JsonNode stacks = new ObjectMapper().readTree(cli.out()).get("stacks");
        assertThat(stacks).hasSize(16);
        JsonNode cached = stacks.get(8);
        assertThat(cached.get("phase").asInt()).isEqualTo(16);
        assertThat(cached.get("stack").asText()).isEqualTo("Spring Cloud Gateway, load-balancer cache on");
        assertThat(cached.get("event").asText()).isEqualTo("instanceKill");
        assertThat(cached.get("errorsBefore").asInt()).isEqualTo(236).isEqualTo(cached.get("errorsAfter").asInt());
        assertThat(cached.get("toNewSecondsAfter").asDouble()).isPositive();
        assertThat(stacks.get(2).get("toNewSecondsBefore").isNull()).as("a node kill brings no new instance").isTrue();
    }

    @Test
    void jsonOfARunWithoutAJournalIsAnErrorWithExitTwo() throws Exception {
        assertThat(cli.run("compare", recorded("before").toString(), dir.resolve("nothing").toString(),
                "--output", "json")).isEqualTo(2);

        JsonNode error = new ObjectMapper().readTree(cli.out()).get("error");
        assertThat(error.get("exitCode").asInt()).isEqualTo(2);
        assertThat(error.get("message").asText()).contains(dir.resolve("nothing").toString(), "no journal here");
    }
}
