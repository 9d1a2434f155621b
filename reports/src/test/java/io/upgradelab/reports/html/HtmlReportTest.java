package io.upgradelab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.files.SummaryFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report of a real journal (a CI-size run), its figures checked against the journal's own lines. */
class HtmlReportTest {

    @TempDir
    Path dir;

    @Test
    void theSummaryTextHoldsThePhasesFiguresAsTheJournalRecordedThem() throws Exception {
        Document page = written(RecordedRuns.ciSizeJournal());
        JournalFile journal = JournalFile.read(RecordedRuns.ciSizeJournal());
        List<JsonNode> ended = journal.ofType("phaseEnded");

        List<Element> rows = page.select("table#phases tbody tr");
        assertThat(rows).hasSize(ended.size()).hasSize(14);
        for (int i = 0; i < rows.size(); i++) {
            List<String> cells = rows.get(i).select("td").eachText();
            assertThat(cells.get(0)).isEqualTo(ended.get(i).path("index").asText());
            assertThat(cells.get(1)).isEqualTo(ended.get(i).path("title").asText());
            assertThat(cells.get(4)).isEqualTo(ended.get(i).path("providers").asText());
        }
        // the rolling server upgrade: nodes below the registered count while one restarted, shown as alarms
        List<Element> upgrade = rows.get(8).select("td");
        assertThat(upgrade.get(5).text()).isEqualTo("no");
        assertThat(upgrade.get(5).hasClass("alarm")).isTrue();
        assertThat(upgrade.get(2).text()).isEqualTo("1.4.1 x3 -> 2.0.4 x3");
        assertThat(rows.get(0).select("td").get(5).hasClass("alarm")).isFalse();
    }

    @Test
    void theProbeLineAgreesWithTheProbesOwnSummaryInTheJournal() throws Exception {
        Document page = written(RecordedRuns.ciSizeJournal());
        JsonNode totals = JournalFile.read(RecordedRuns.ciSizeJournal()).ofType("probeSummary").get(0)
                .path("summary").path("totals");

        assertThat(page.select("#probe").text()).startsWith("Probe: " + totals.path("scheduled").asLong() + " calls, ")
                .contains(totals.path("noProvider").asLong() + " no provider");
    }

    @Test
    void everyUpgradeStepAndBatchIsAnEventAndEveryChartIsAnSvgOfItsSeries() throws Exception {
        Document page = written(RecordedRuns.ciSizeJournal());
        JournalFile journal = JournalFile.read(RecordedRuns.ciSizeJournal());
        long steps = journal.ofType("upgradeStep").stream()
                .filter(l -> List.of("stopping", "up").contains(l.path("stage").asText())).count();
        int expected = (int) steps + journal.ofType("clientBatch").size() + journal.ofType("raftLeaderTransfer").size()
                + journal.ofType("doubleWrite").size() + journal.ofType("fault").size();

        List<Element> events = page.select("table#events tbody tr");
        assertThat(events).hasSize(expected);
        assertThat(events.get(0).select("td").eachText()).containsExactly("E1", "149.7", "9", "node 1 stopping (1.4.1)");

        for (String chart : List.of("instances", "cpu", "outcomes", "latency")) {
            String svg = svgOf(page, chart);
            assertThat(List.of("<svg ", "seconds since the run started", ">E1<")).allMatch(svg::contains);
        }
        assertThat(List.of(">node 1<", ">node 3<", ">" + RunTimeline.EXPECTED + "<")).allMatch(svgOf(page, "instances")::contains);
        assertThat(List.of(">scheduled<", ">success<", ">no provider<")).allMatch(svgOf(page, "outcomes")::contains);
        assertThat(page.select("script, link, [src^=http]")).isEmpty();   // offline: nothing to fetch, nothing to run
    }

    @Test
    void eachTableRowLinksToItsPhasesBandInTheChartsAndEachBandBackToItsRow() throws Exception {
        Document page = written(RecordedRuns.ciSizeJournal());

        for (String table : List.of("phases", "nodes")) {
            for (Element row : page.select("table#" + table + " tbody tr")) {
                Element link = row.selectFirst("td a");
                String phase = row.select("td").get(0).text();
                assertThat(link.attr("href")).as("%s row of phase %s", table, phase).isEqualTo("#band-" + phase);
                assertThat(page.select("figure#chart-instances a.band#band-" + phase)).hasSize(1);
            }
        }
        for (Element row : page.select("table#events tbody tr")) {
            String phase = row.select("td").get(2).text();
            assertThat(row.select("td").get(2).select("a").attr("href")).isEqualTo("#band-" + phase);
        }
        List<Element> bands = page.select("figure#chart-instances a.band");
        assertThat(bands).hasSize(14);
        for (Element band : bands) {
            assertThat(page.select(band.attr("href"))).as(band.id()).hasSize(1);
            assertThat(page.selectFirst(band.attr("href")).closest("table").id()).isEqualTo("phases");
            assertThat(band.attr("style")).matches("left:[\\d.]+%;top:[\\d.]+%;width:[\\d.]+%;height:[\\d.]+%");
        }
        // the other charts' bands link back too, under names of their own: ids stay unique
        assertThat(page.select("figure#chart-latency a.band#band-9-latency").attr("href")).isEqualTo("#phase-9");
        assertThat(page.select("[id]").eachAttr("id")).doesNotHaveDuplicates();
    }

    @Test
    void thePageHasPrintAndDarkStylesAndStillFetchesNothing() throws Exception {
        Document page = written(RecordedRuns.ciSizeJournal());
        String css = page.select("head style").html();

        assertThat(css).contains("@media print {", "@media (prefers-color-scheme: dark) {");
        String print = css.substring(css.indexOf("@media print {"));
        assertThat(print).contains("a.band { display: none; }", "print-color-adjust: exact");
        assertThat(page.select("meta[name=color-scheme]").attr("content")).isEqualTo("light dark");
        assertThat(css).doesNotContain("url(", "@import");
        assertThat(page.select("script, link, [src^=http], [href^=http]")).isEmpty();
    }

    @Test
    void textFromTheJournalIsShownNotInterpreted() throws Exception {
        Path journal = dir.resolve("hostile/journal.jsonl");
        Files.createDirectories(journal.getParent());
        String hostile = "<script>alert(1)</script> & <b>bold</b>";
        Files.writeString(journal, Files.readString(RecordedRuns.ciSizeJournal())
                .replace("\"title\":\"ramp to 120 providers\"", "\"title\":\"" + hostile.replace("\"", "\\\"") + "\"")
                .replace("\"experiment\":\"nacos-1x-to-2x-ci\"", "\"experiment\":\"<img src=x onerror=alert(2)>\""));

        Document page = written(journal);

        assertThat(page.select("script, b, img:not(.chart)")).isEmpty();
        assertThat(page.select("table#phases tbody tr").get(0).select("td").get(1).text()).isEqualTo(hostile);
        assertThat(page.select("h1").text()).startsWith("<img src=x onerror=alert(2)>: completed");
    }

    @Test
    void aKilledRunIsReportedUpToItsLastWholeLineAndSaysSo() throws Exception {
        Path journal = dir.resolve("killed/journal.jsonl");
        Files.createDirectories(journal.getParent());
        List<String> lines = Files.readAllLines(RecordedRuns.ciSizeJournal());
        Files.writeString(journal, String.join("\n", lines.subList(0, lines.size() / 2)) + "\n{\"type\":\"sam");

        Document page = written(journal);
        RunSummary run = RunSummaries.of(JournalFile.read(journal));

        assertThat(page.select("p.warning").text()).startsWith("The run was killed or is still running (its journal has"
                + " no runEnded line) after phase " + run.phases().get(run.phases().size() - 1).index());
        assertThat(page.select("table#phases tbody tr")).hasSize(run.phases().size());
        assertThat(RunTimeline.of(JournalFile.read(journal)).phases()).hasSizeGreaterThan(run.phases().size() - 1);
    }

    private Document written(Path journal) throws Exception {
        Path out = Files.createTempDirectory(dir, "report");
        SummaryFiles.Written written = SummaryFiles.write(journal, out);
        assertThat(written.html()).isEqualTo(out.resolve(SummaryFiles.HTML_NAME));
        return Jsoup.parse(written.html().toFile(), StandardCharsets.UTF_8.name());
    }

    private static String svgOf(Document page, String chart) {
        String src = page.select("figure#chart-" + chart + " img").attr("src");
        assertThat(src).startsWith("data:image/svg+xml;base64,");
        return new String(Base64.getDecoder().decode(src.substring(src.indexOf(',') + 1)), StandardCharsets.UTF_8);
    }
}
