package io.upgradelab.reports.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.CompareMarkdown;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.PolicyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal whose experiment name, description, phase title and warning hold escape sequences, BEL,
 * NUL, DEL, a C1 character and a bidi override: every file made from it shows them escaped, none raw,
 * and JSON and XML stay valid.
 */
class ControlCharactersTest {

    /** How {@link RecordedRuns#CONTROLS} reads once escaped. */
    static final String SHOWN = "\\u001b[2J\\u001b]0;owned\\u0007\\u0000\\u007f\\u009b31m\\u202eevil";

    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void hostileRun() throws Exception {
        run = RecordedRuns.ciSizeRunWithControlCharacters(dir.resolve("run"));
    }

    @Test
    void theEscapeIsVisibleAndLeavesOtherTextAlone() {
        assertThat(ControlCharacters.escape(RecordedRuns.CONTROLS)).isEqualTo(SHOWN);
        assertThat(ControlCharacters.escape("tab\tline\nGrün — ok")).isEqualTo("tab\tline\nGrün — ok");
        assertThat(ControlCharacters.escape("a\rb\u2066c\u2069\u0080")).isEqualTo("a\\u000db\\u2066c\\u2069\\u0080");
    }

    @Test
    void summaryMarkdownHtmlAndJsonHoldNoneRaw() throws Exception {
        SummaryFiles.Written written = SummaryFiles.write(run, dir.resolve("out"));

        String markdown = Files.readString(written.markdown());
        String html = Files.readString(written.html());
        String json = Files.readString(written.json());
        for (String text : new String[] {markdown, written.markdownText(), html, json}) {
            assertThat(text.chars().filter(ControlCharacters::isControl).findAny()).as(text).isEmpty();
        }
        assertThat(markdown).contains("warned").contains("u001b").contains("u202eevil");
        assertThat(Jsoup.parse(html).select("#phases").text()).contains("ramp" + SHOWN).contains("warned" + SHOWN);
        assertThat(Jsoup.parse(html).title()).startsWith("ci" + SHOWN);
        JsonNode summary = new ObjectMapper().readTree(json);
        assertThat(summary.path("description").asText()).isEqualTo("run" + SHOWN);
        assertThat(summary.path("phases").get(0).path("title").asText()).isEqualTo("ramp" + SHOWN);
    }

    @Test
    void theComparisonHoldsNoneRaw() {
        var summary = RunSummaries.of(JournalFile.read(run));
        String markdown = CompareMarkdown.render(RunComparison.of(summary, summary));
        assertThat(markdown.chars().filter(ControlCharacters::isControl).findAny()).isEmpty();
        assertThat(markdown).contains("u001b");
    }

    @Test
    void theGatesJUnitXmlHoldsNoneRawAndParses() throws Exception {
        Path policy = Files.writeString(dir.resolve("policy.yaml"), """
                name: "gate \\e[31m\\a\\0\\x9b\\u202e"
                criteria:
                  - kind: probeSuccess
                    atLeastPercent: 99
                    phases: [1]
                """);

        Gate gate = Gate.judge(run, PolicyFile.read(policy), null, dir.resolve("junit.xml"));

        String xml = Files.readString(gate.junit());
        assertThat(xml.chars().filter(ControlCharacters::isControl).findAny()).as(xml).isEmpty();
        var document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(gate.junit().toFile());
        assertThat(document.getDocumentElement().getAttribute("name"))
                .isEqualTo("gate \\u001b[31m\\u0007\\u0000\\u009b\\u202e");
        assertThat(xml).contains("upgrade-gate.ci" + SHOWN);
    }
}
