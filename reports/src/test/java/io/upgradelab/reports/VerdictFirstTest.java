package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.PolicyFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of the recorded CI-size run opens, in Markdown and in HTML alike, with which run it is,
 * the gate's verdict and the criteria not met (failed, or inconclusive with the reason), the worst phase
 * and the run's own before and after, all before the phases' table. Its copy here has its load measured,
 * as runs record it now; as recorded, no phase's load was, which leaves the gate inconclusive.
 */
class VerdictFirstTest {

    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
    }

    @Test
    void aFailedGateOpensBothReportsWithFailAndTheCriteriaThatFailedWithTheirFigures() throws Exception {
        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"), judged("""
                criteria:
                  - kind: probeSuccess
                    atLeastPercent: 99
                  - kind: upgradeWithin
                    seconds: 120
                """));

        List<String> md = written.markdownText().lines().filter(l -> !l.isBlank()).toList();
        assertThat(md.get(2)).isEqualTo("**FAIL**: 2 of 3 criteria met, 1 not met");
        assertThat(md.get(3)).isEqualTo("- FAIL server upgrade finished within 120 s: 267 s (at most 120 s; exact; n 1 rolling server upgrade(s)): phase 9 done in 267 s");
        assertThat(md.indexOf(md.get(3))).isLessThan(firstTableLine(md));

        Document page = html(written);
        Element verdict = page.selectFirst("#verdict");
        assertThat(verdict.classNames()).contains("verdict", "fail");
        assertThat(verdict.text()).isEqualTo("FAIL 2 of 3 criteria met, 1 not met");
        assertThat(page.select("#failing li").eachText())
                .containsExactly("server upgrade finished within 120 s: 267 s (at most 120 s; exact; n 1 rolling server"
                        + " upgrade(s)): phase 9 done in 267 s");
        assertThat(page.title()).startsWith("FAIL · nacos-1x-to-2x-ci: completed");
        assertThat(before(page, "#verdict", "table#phases")).isTrue();
        com.fasterxml.jackson.databind.JsonNode gate = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(written.json().toFile()).get("gate");
        assertThat(gate.get("status").asText()).as("summary.json says what the banner says").isEqualTo("FAIL");
        assertThat(gate.get("summary").asText()).isEqualTo("2 of 3 criteria met, 1 not met");
        assertThat(gate.get("verdicts")).extracting(v -> v.get("kind").asText())
                .containsExactly("completion", "probeSuccess", "upgradeWithin");
        assertThat(gate.get("verdicts").get(2).get("verdict").asText()).isEqualTo("FAIL");
        assertThat(gate.get("verdicts").get(2).get("threshold").asDouble()).isEqualTo(120);
        assertThat(gate.get("verdicts").get(1).get("comparison").asText()).isEqualTo("atLeast");
        assertThat(gate.get("verdicts").get(1).get("phases")).as("every phase of the run").hasSize(14);
    }

    @Test
    void anInconclusiveGateOpensBothReportsWithInconclusiveAndTheReasonsBesideTheFailures() throws Exception {
        Path recorded = RecordedRuns.ciSizeRun(dir.resolve("recorded"));   // its load not measured
        GateResult gate = GateResult.of(Gate.judge(recorded, PolicyFile.read(Files.writeString(dir.resolve("p.yaml"), """
                criteria:
                  - kind: probeSuccess
                    atLeastPercent: 99
                  - kind: upgradeWithin
                    seconds: 900
                """)), null, dir.resolve("junit.xml")));
        SummaryFiles.Written written = SummaryFiles.write(recorded, dir.resolve("out"), gate);

        List<String> md = written.markdownText().lines().filter(l -> !l.isBlank()).toList();
        assertThat(md.get(2)).isEqualTo("**INCONCLUSIVE**: 2 of 3 criteria met, 1 inconclusive");
        String why = "not judged: phases 1-12, 14: load not measured (no machine sample) (there: 100 % (at least"
                + " 99.0 %; 95 % CI 99.05 to 100 (Wilson); n 400 calls in phase 1, the lowest): 100.0% of 36000 calls in 13"
                + " phase(s)); phase 13: load flagged: 1.x clients delivered 12.8% of their nominal beats (there: 100 % (at"
                + " least 99.0 %; 95 % CI 99.94 to 100 (Wilson); n 6800 calls in phase 13, the lowest): 100.0% of 6800 calls"
                + " in 1 phase(s))";
        assertThat(md.get(3)).isEqualTo("- INCONCLUSIVE probe success at least 99.0% in every phase: " + why);
        Document page = html(written);
        assertThat(page.selectFirst("#verdict").classNames()).contains("verdict", "inconclusive");
        assertThat(page.selectFirst("#verdict").text()).isEqualTo("INCONCLUSIVE 2 of 3 criteria met, 1 inconclusive");
        assertThat(page.select("#failing li.inconclusive").eachText())
                .containsExactly("probe success at least 99.0% in every phase: " + why);
        assertThat(page.title()).startsWith("INCONCLUSIVE · nacos-1x-to-2x-ci: completed");
    }

    @Test
    void aPassedGateSaysPassAndListsNothing() throws Exception {
        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"), judged("""
                criteria:
                  - kind: probeSuccess
                    atLeastPercent: 99
                """));

        assertThat(written.markdownText()).contains("\n**PASS**: all 2 criteria met\n").doesNotContain("- FAIL");
        Document page = html(written);
        assertThat(page.selectFirst("#verdict").classNames()).contains("pass").doesNotContain("fail");
        assertThat(page.selectFirst("#verdict").text()).isEqualTo("PASS all 2 criteria met");
        assertThat(page.select("#failing")).isEmpty();
    }

    @Test
    void aDryRunCriterionIsListedApartWithTheStatusItWouldHaveAndDoesNotTurnThePassIntoAFail() throws Exception {
        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"), judged("""
                criteria:
                  - kind: probeSuccess
                    atLeastPercent: 99
                  - kind: upgradeWithin
                    seconds: 120
                    dryRun: true
                """));

        List<String> md = written.markdownText().lines().filter(l -> !l.isBlank()).toList();
        assertThat(md.get(2)).isEqualTo("**PASS**: all 2 criteria met; dry run: 1 would FAIL");
        assertThat(md.get(3)).isEqualTo("- DRY RUN (would FAIL) server upgrade finished within 120 s: 267 s (at most 120 s;"
                + " exact; n 1 rolling server upgrade(s)): phase 9 done in 267 s");
        Document page = html(written);
        assertThat(page.selectFirst("#verdict").classNames()).contains("pass").doesNotContain("fail");
        assertThat(page.select("#failing")).isEmpty();
        assertThat(page.select("#dry-runs li.dry-run").eachText())
                .containsExactly("DRY RUN (would FAIL) server upgrade finished within 120 s: 267 s (at most 120 s; exact; n 1"
                        + " rolling server upgrade(s)): phase 9 done in 267 s");
    }

    @Test
    void withoutAPolicyTheReportSaysItWasNotGatedAndWhyNotWhenItWasNotJudged() throws Exception {
        Document page = html(SummaryFiles.write(run, dir.resolve("plain")));
        assertThat(page.selectFirst("#verdict").classNames()).contains("not-gated");
        assertThat(page.selectFirst("#verdict").text()).startsWith("NOT GATED no policy given");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("plain/summary.json").toFile())
                .get("gate").get("status").asText()).isEqualTo("NOT GATED");

        SummaryFiles.Written interrupted = SummaryFiles.write(run, dir.resolve("interrupted"),
                GateResult.notJudged("the run was interrupted"));
        assertThat(interrupted.markdownText()).contains("\n**NOT GATED**: not judged: the run was interrupted\n");
    }

    @Test
    void theFactsAreTheJournalsAndAnOlderJournalSaysWhatItDidNotRecord() throws Exception {
        Document old = html(SummaryFiles.write(run, dir.resolve("old")));
        assertThat(old.select("#facts span").eachText()).containsExactly("run 2026-11-22 04:36:56 UTC",
                "host not recorded", "upgrade-lab not recorded", "servers 1.4.1 x3 -> 2.0.4 x3", "clients 1x -> 2x",
                "probe client 1x");

        Path recent = withHostAndVersion("ci-runner-7", "0.1.0-SNAPSHOT");
        SummaryFiles.Written written = SummaryFiles.write(recent, dir.resolve("recent"));
        assertThat(html(written).select("#facts span").eachText()).contains("host ci-runner-7",
                "upgrade-lab 0.1.0-SNAPSHOT");
        assertThat(written.markdownText().lines().filter(l -> !l.isBlank()).toList().get(1))
                .isEqualTo("run 2026-11-22 04:36:56 UTC · host ci-runner-7 · upgrade-lab 0.1.0-SNAPSHOT · servers 1.4.1 x3"
                        + " -\\> 2.0.4 x3 · clients 1x -\\> 2x · probe client 1x");
    }

    @Test
    void theWorstPhaseAndTheRunsOwnBeforeAndAfterLinkToTheirRows() throws Exception {
        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"));

        Document page = html(written);
        assertThat(page.selectFirst("#worst").text()).isEqualTo("Worst phase: 1, ramp to 120 providers (1.4.1 x3):"
                + " 0 no-provider errors, 100% ok, p99 81.73 ms, 0 flapping events.");
        assertThat(page.select("#worst a").eachAttr("href")).containsExactly("#phase-1");
        // hold 10s at 280 providers on 1.4.1 with 1.x clients (phase 6), and on 2.0.4 with 2.x clients (phase 14)
        assertThat(page.select("#changes li").eachText()).containsExactly("phase 6 -> 14, hold 10s at 280 providers,"
                + " 1.4.1 x3 with 1x clients -> 2.0.4 x3 with 2x clients: ok 100 -> 100%, p99 22.67 -> 34.40 ms"
                + " (x1.52), CPU mean per node 50 -> 12.8% (x0.26), flapping 0 -> 0");
        assertThat(page.select("#changes a").eachAttr("href")).containsExactly("#phase-6", "#phase-14");
        for (String href : page.select("#opening a").eachAttr("href")) {
            assertThat(page.select(href)).as(href).hasSize(1);
        }
        assertThat(written.markdownText()).contains("\n- phase 6 -\\> 14, hold 10s at 280 providers, 1.4.1 x3 with 1x"
                + " clients -\\> 2.0.4 x3 with 2x clients: ok 100 -\\> 100%, p99 22.67 -\\> 34.40 ms (x1.52)");
    }

    private GateResult judged(String policy) throws Exception {
        return GateResult.of(Gate.judge(run, PolicyFile.read(Files.writeString(dir.resolve("policy.yaml"), policy)),
                null, dir.resolve("junit.xml")));
    }

    /** The recorded run as a run records it now: its first line with the host and the lab's version. */
    private Path withHostAndVersion(String host, String version) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>(Files.readAllLines(RecordedRuns.ciSizeJournal()));
        ObjectNode first = (ObjectNode) json.readTree(lines.get(0));
        lines.set(0, json.writeValueAsString(first.put("host", host).put("toolVersion", version)));
        Path recent = Files.createDirectories(dir.resolve("recent-run"));
        Files.write(recent.resolve("journal.jsonl"), lines);
        return recent;
    }

    private static int firstTableLine(List<String> md) {
        return md.indexOf(md.stream().filter(l -> l.startsWith("| # |")).findFirst().orElseThrow());
    }

    private static Document html(SummaryFiles.Written written) throws Exception {
        return Jsoup.parse(written.html().toFile(), StandardCharsets.UTF_8.name());
    }

    /** Whether the first element matching {@code first} comes before the first matching {@code second}. */
    private static boolean before(Document page, String first, String second) {
        List<Element> all = page.getAllElements();
        return all.indexOf(page.selectFirst(first)) < all.indexOf(page.selectFirst(second));
    }
}
