package io.upgradelab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.PhaseFigure;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummaries;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison page of two real runs (the calibrations of 1.4.1 and 2.0.4 with 1.x clients, committed
 * in docs/runs), its figures checked against the journals' own lines; and of the CI-size run against a
 * hostile copy of it.
 */
class CompareHtmlTest {

    private static final List<String> CHARTS = List.of("instances", "cpu", "outcomes", "latency");

    @TempDir
    Path dir;

    @Test
    void bothRunsAreNamedAndEachPairedPhaseHasOneRowWithBothRunsFigures() throws Exception {
        Path before = RecordedRuns.committedRun("calibration/1.4.1-1x", dir.resolve("before"));
        Path after = RecordedRuns.committedRun("calibration/2.0.4-1x", dir.resolve("after"));
        JsonNode beforeStart = JournalFile.read(before).ofType("runStarted").get(0);
        JsonNode afterStart = JournalFile.read(after).ofType("runStarted").get(0);
        List<JsonNode> beforeEnded = JournalFile.read(before).ofType("phaseEnded");
        List<JsonNode> afterEnded = JournalFile.read(after).ofType("phaseEnded");

        Document page = page(before, after);

        String beforeName = beforeStart.path("experiment").asText();
        String afterName = afterStart.path("experiment").asText();
        assertThat(beforeName).isNotEqualTo(afterName);
        assertThat(page.title()).contains(beforeName, afterName);
        assertThat(page.select("h1").text()).isEqualTo(beforeName + " vs " + afterName);
        assertThat(page.select("table#runs tr.before").text()).contains(beforeName, beforeStart.path("time").asText());
        assertThat(page.select("table#runs tr.after").text()).contains(afterName, afterStart.path("time").asText());

        assertThat(page.select("table#phases thead tr").get(0).select("th[colspan=3]").eachText())
                .containsExactlyElementsOf(Arrays.stream(PhaseFigure.values()).map(PhaseFigure::heading).toList());
        List<Element> rows = page.select("table#phases tbody tr");
        assertThat(beforeEnded).hasSize(14);   // the before run failed in phase 14; the after run went on to 17
        assertThat(afterEnded).hasSize(17);
        assertThat(rows).hasSize(14);
        int noProvider = PhaseFigure.NO_PROVIDER_ERRORS.ordinal();
        for (int i = 0; i < rows.size(); i++) {
            Element row = rows.get(i);
            JsonNode b = beforeEnded.get(i);
            JsonNode a = afterEnded.get(i);
            assertThat(row.select("td").get(0).text()).isEqualTo(a.path("index").asText());
            assertThat(row.select("td").get(1).text()).isEqualTo(a.path("title").asText());
            assertThat(row.select("td.before")).hasSize(PhaseFigure.values().length);
            assertThat(row.select("td.after")).hasSize(PhaseFigure.values().length);
            assertThat(row.select("td.change")).hasSize(PhaseFigure.values().length);
            assertThat(row.select("td.before").get(0).text())
                    .isEqualTo(String.valueOf(Math.round(b.path("seconds").asDouble())));
            assertThat(row.select("td.after").get(0).text())
                    .isEqualTo(String.valueOf(Math.round(a.path("seconds").asDouble())));
            assertThat(row.select("td.before").get(noProvider).text()).isEqualTo(b.path("probe").path("noProvider").asText());
            assertThat(row.select("td.after").get(noProvider).text()).isEqualTo(a.path("probe").path("noProvider").asText());
        }
        // phase 14: the before run waited its 120 s out, the after run was done in 9
        assertThat(rows.get(13).select("td.change").get(0).text()).startsWith("-1");
        assertThat(rows.get(0).select("td.change").get(PhaseFigure.CPU_MEAN_PERCENT.ordinal()).text()).contains("(x");
        assertThat(page.select("#only-before")).isEmpty();
        assertThat(page.select("#only-after").text()).contains("15 (hold: " + afterEnded.get(14).path("title").asText())
                .contains("16 (rampTo: ").contains("17 (waitUntil: ");
    }

    @Test
    void everyChartDrawsBothRunsOnOneTimeAxis() throws Exception {
        Path before = RecordedRuns.committedRun("calibration/1.4.1-1x", dir.resolve("before"));
        Path after = RecordedRuns.committedRun("calibration/2.0.4-1x", dir.resolve("after"));

        Document page = page(before, after);

        for (String chart : CHARTS) {
            String svg = svgOf(page, chart);
            assertThat(svg).contains("<svg ");
            assertThat(count(svg, CompareCharts.AXIS)).as(chart + ": one time axis").isEqualTo(1);
            assertThat(svg).as(chart).doesNotContain("seconds since the run started");   // no run's own axis left
            assertThat(count(svg, ">before<")).as(chart).isEqualTo(1);
            assertThat(count(svg, ">after<")).as(chart).isEqualTo(1);
            // both runs' phases: 14 in both, 17 in the after run only
            assertThat(matches(svg, ">14!?<")).as(chart).isEqualTo(2);
            assertThat(matches(svg, ">17!?<")).as(chart).isEqualTo(1);
        }
        String instances = svgOf(page, "instances");
        for (String series : List.of("node 1", "node 2", "node 3", RunTimeline.EXPECTED)) {
            assertThat(count(instances, ">" + series + "<")).as("the legend names %s once", series).isEqualTo(1);
        }
        assertThat(List.of(">scheduled<", ">success<", ">no provider<")).allMatch(svgOf(page, "outcomes")::contains);
        assertThat(page.select("script, link, [src^=http]")).isEmpty();   // offline: nothing to fetch, nothing to run
        assertThat(page.select("img")).hasSize(CHARTS.size()).allMatch(img -> img.attr("src").startsWith("data:"));
    }

    @Test
    void textFromTheJournalsIsShownNotInterpreted() throws Exception {
        Path journal = dir.resolve("hostile/journal.jsonl");
        Files.createDirectories(journal.getParent());
        String hostile = "<script>alert(1)</script> & <b>bold</b>";
        String name = "<img src=x onerror=alert(2)>";
        Files.writeString(journal, Files.readString(RecordedRuns.ciSizeJournal())
                .replace("\"title\":\"ramp to 120 providers\"", "\"title\":\"" + hostile.replace("\"", "\\\"") + "\"")
                .replace("\"experiment\":\"nacos-1x-to-2x-ci\"", "\"experiment\":\"" + name + "\""));
        Path controls = RecordedRuns.ciSizeRunWithControlCharacters(dir.resolve("controls"));

        String html = render(controls, journal.getParent());
        Document page = Jsoup.parse(html);

        assertThat(page.select("script, b, img:not(.chart)")).isEmpty();
        assertThat(page.select("table#phases tbody tr").get(0).select("td").get(1).text()).isEqualTo(hostile);
        assertThat(page.select("h1").text()).endsWith(" vs " + name);
        assertThat(page.title()).endsWith(" vs " + name);
        assertThat(html.chars().filter(ControlCharacters::isControl).findAny()).isEmpty();
        assertThat(page.select("h1").text()).startsWith("ci\\u001b[2J");
        // the events of both runs, as the run report lists them: the before run has a warning more, first
        List<Element> before = page.select("table#events-before tbody tr");
        List<Element> after = page.select("table#events-after tbody tr");
        assertThat(before).hasSize(RunTimeline.of(JournalFile.read(controls)).events().size());
        assertThat(after).hasSize(before.size() - 1).isNotEmpty();
        assertThat(before.get(0).select("td").eachText()).containsExactly("E1", "94.9", "1",
                "warning: warned" + ControlCharacters.escape(RecordedRuns.CONTROLS));
        assertThat(after.get(0).select("td").eachText()).containsExactly("E1", "149.7", "9", "node 1 stopping (1.4.1)");
    }

    private static Document page(Path before, Path after) {
        return Jsoup.parse(render(before, after));
    }

    private static String render(Path before, Path after) {
        JournalFile b = JournalFile.read(before);
        JournalFile a = JournalFile.read(after);
        return CompareHtml.render(RunComparison.of(RunSummaries.of(b), RunSummaries.of(a)), RunTimeline.of(b),
                RunTimeline.of(a));
    }

    private static String svgOf(Document page, String chart) {
        String src = page.select("figure#chart-" + chart + " img").attr("src");
        assertThat(src).startsWith("data:image/svg+xml;base64,");
        return new String(Base64.getDecoder().decode(src.substring(src.indexOf(',') + 1)), StandardCharsets.UTF_8);
    }

    private static int count(String text, String literal) {
        return matches(text, Pattern.quote(literal));
    }

    private static int matches(String text, String regex) {
        return (int) Pattern.compile(regex).matcher(text).results().count();
    }
}
