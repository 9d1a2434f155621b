package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.runner.testing.InProcessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade-lab report}, in-process, on the journal a CI-size run recorded (reports' test data). */
class ReportCommandTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @Test
    void writesTheSummariesAndTheHtmlReportBesideTheJournalAndPrintsThemAsPlainText() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(Path.of(System.getProperty("basedir", ".")).resolve("../reports/src/test/resources/journals/ci-size-run.jsonl").normalize(),
                run.resolve("journal.jsonl"));

        assertThat(cli.run("report", run.toString())).isZero();

        assertThat(cli.out()).as("plain text, not Markdown's escapes").startsWith("nacos-1x-to-2x-ci: completed in ")
                .contains("\ngate NOT GATED: no policy given").doesNotContain("\\>", "| 9 |", "**");
        assertThat(cli.out().lines().filter(l -> l.matches("\\s*9  rolling server upgrade to 2\\.0\\.4 .*")).toList())
                .as("the phases' table in columns").singleElement().asString().contains("1.4.1 x3 -> 2.0.4 x3");
        assertThat(run.resolve("summary.json")).exists();
        assertThat(run.resolve("summary.md")).content().startsWith("## nacos-1x-to-2x-ci: completed in ")
                .contains("| 9 | rolling server upgrade to 2.0.4 (3 nodes), then upgraded=true | 1.4.1 x3 -\\> 2.0.4 x3 |");
        assertThat(run.resolve("report.html")).content().contains("<img src=\"data:image/svg+xml;base64,");
        assertThat(cli.err()).contains("wrote " + run.resolve("summary.json")).contains("wrote " + run.resolve("report.html"));
    }

    @Test
    void withAPolicyTheReportsOpenWithTheVerdictJudgedFirstAndTheJUnitXmlIsBesideThem() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("measured")));
        Path strict = Files.writeString(dir.resolve("strict.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 120\n");

        assertThat(cli.run("report", run.toString(), "--policy", strict.toString())).as(cli.err()).isZero();

        List<String> md = cli.out().lines().filter(l -> !l.isBlank()).toList();
        assertThat(md.get(0)).startsWith("nacos-1x-to-2x-ci: completed in ");
        assertThat(md.get(2)).isEqualTo("gate FAIL: 1 of 2 criteria met, 1 not met");
        assertThat(md.get(3)).isEqualTo("  FAIL server upgrade finished within 120 s: 267 s (at most 120 s; exact; n 1 rolling"
                + " server upgrade(s)): phase 9 done in 267 s");
        assertThat(run.resolve("report.html")).content().contains("<div id=\"verdict\" class=\"verdict fail\">");
        assertThat(run.resolve("gate-junit.xml")).content().contains("failures=\"1\"");
        assertThat(cli.err()).contains("upgrade-lab: gate FAIL: 1 of 2 criteria met, 1 not met; JUnit XML: "
                + run.resolve("gate-junit.xml"));
    }

    /** The recorded run's load was never measured: the gate is inconclusive, and report --policy words it as gate does. */
    @Test
    void anInconclusiveVerdictIsWordedAsTheGateWordsItAndTheReportStillExitsZero() throws Exception {
        Path run = recordedRun();
        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: probeSuccess\n    atLeastPercent: 99\n");

        assertThat(cli.run("report", run.toString(), "--policy", policy.toString())).as(cli.err()).isZero();
        String reported = cli.err().lines().filter(l -> l.startsWith("upgrade-lab: gate ")).findFirst().orElseThrow();
        List<String> md = cli.out().lines().filter(l -> !l.isBlank()).toList();
        cli.clear();
        assertThat(cli.run("gate", run.toString(), "--policy", policy.toString())).isEqualTo(3);
        String judged = cli.out().lines().filter(l -> l.startsWith("gate ")).findFirst().orElseThrow();

        assertThat(reported).isEqualTo("upgrade-lab: " + judged)
                .startsWith("upgrade-lab: gate INCONCLUSIVE: 1 of 2 criteria met, 1 inconclusive; JUnit XML: ");
        assertThat(md.get(2)).isEqualTo("gate INCONCLUSIVE: 1 of 2 criteria met, 1 inconclusive");
        assertThat(md.get(3)).startsWith("  INCONCLUSIVE probe success at least 99.0% in every phase: not judged: ");
        assertThat(run.resolve("report.html")).content().contains("<div id=\"verdict\" class=\"verdict inconclusive\">");
        assertThat(run.resolve("gate-junit.xml")).content().contains("skipped=\"1\"");
    }

    @Test
    void aKilledRunIsReportedAllTheSameItsBannerSayingWhyThePolicyWasNotApplied() throws Exception {
        Path run = Files.createDirectories(dir.resolve("killed"));
        List<String> lines = Files.readAllLines(recordedRun().resolve("journal.jsonl"));
        Files.write(run.resolve("journal.jsonl"), lines.subList(0, lines.size() / 2));
        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: probeSuccess\n    atLeastPercent: 99\n");

        assertThat(cli.run("report", run.toString(), "--policy", policy.toString())).as(cli.err()).isZero();

        assertThat(cli.out()).contains("\ngate NOT GATED: not judged: ").contains("the run did not end");
        assertThat(run.resolve("gate-junit.xml")).doesNotExist();
        assertThat(cli.err()).contains("the gate did not judge the run");
    }

    @Test
    void aBaselineWithoutAPolicyIsInvalidInput() throws Exception {
        Path run = recordedRun();
        assertThat(cli.run("report", run.toString(), "--baseline", run.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--baseline is for the gate: give --policy POLICY too");
    }

    private Path recordedRun() throws Exception {
        Path run = Files.createDirectories(dir.resolve("recorded"));
        if (!Files.exists(run.resolve("journal.jsonl"))) {
            Files.copy(Path.of(System.getProperty("basedir", ".")).resolve(
                    "../reports/src/test/resources/journals/ci-size-run.jsonl").normalize(), run.resolve("journal.jsonl"));
        }
        return run;
    }

    /**
     * A run directory from elsewhere (a CI artifact) with a symbolic link where summary.md goes: exit 2
     * naming it, the file it points at as it was, and no summary written beside it either.
     */
    @Test
    void aSymbolicLinkWhereASummaryGoesIsRefusedAndNothingIsWritten() throws Exception {
        Path run = RecordedRuns.ciSizeRun(dir.resolve("artifact"));
        Path precious = Files.writeString(Files.createDirectories(dir.resolve("home")).resolve(".bashrc"), "export PATH\n");
        Path link = Files.createSymbolicLink(run.resolve("summary.md"), precious);

        assertThat(cli.run("report", run.toString())).isEqualTo(2);

        assertThat(cli.err()).contains("upgrade-lab: " + link + " is a symbolic link: refusing to write through it");
        assertThat(precious).content().isEqualTo("export PATH\n");
        assertThat(run.resolve("summary.json")).doesNotExist();
        assertThat(run.resolve("report.html")).doesNotExist();
        assertThat(cli.out()).isEmpty();
    }

    /** With a policy, the JUnit XML is checked with the summaries, before the gate writes it: nothing is written. */
    @Test
    void withAPolicyALinkWhereTheJUnitXmlGoesIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("artifact")));
        Path precious = Files.writeString(Files.createDirectories(dir.resolve("home")).resolve(".bashrc"), "export PATH\n");
        Path link = Files.createSymbolicLink(run.resolve("gate-junit.xml"), precious);
        Path policy = Files.writeString(dir.resolve("p.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 900\n");

        assertThat(cli.run("report", run.toString(), "--policy", policy.toString())).isEqualTo(2);

        assertThat(cli.err()).contains(link + " is a symbolic link: refusing to write through it");
        assertThat(precious).content().isEqualTo("export PATH\n");
        assertThat(run.resolve("summary.json")).doesNotExist();
        assertThat(run.resolve("summary.md")).doesNotExist();
    }

    @Test
    void aDirectoryWithoutAJournalIsInvalidInputNamingIt() {
        assertThat(cli.run("report", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(dir.resolve("journal.jsonl").toString()).contains("no journal here");
    }
}
