package io.upgradelab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.PolicyFile;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a real journal opened in headless Chromium (Debian's package; .ci/run installs it):
 * it loads from the file alone with no console message, its screenshot shows the verdict banner at the
 * top and the charts' lines, and in a dark colour scheme it is dark with its banner still there. The
 * screenshots are made in a temporary directory and checked, not kept.
 */
class ReportInChromiumTest {

    /** JFreeChart's first three series colours (nodes 1 to 3) and the outcomes chart's success green. */
    private static final int[] LINE_COLOURS = {0xFF5555, 0x5555FF, 0x55FF55, 0x2CA02C};
    /** The banner's backgrounds (HtmlReport's CSS): FAIL, FAIL in the dark scheme, not gated. */
    private static final int FAIL_RED = 0xC62828;
    private static final int DARK_FAIL_RED = 0xA82020;
    private static final int NOT_GATED_GREY = 0x5F6B7A;
    /** A regressed figure's cell in compare.html (CompareHtml's CSS: td.worse). */
    private static final int WORSE_RED = 0xFDE2E1;
    /** The rows of the screenshot the banner must be in: the top of the page, seen without scrolling. */
    private static final int TOP = 300;
    /** A banner is about 1088 x 44 pixels: most of it in its colour (the rest is its text). */
    private static final int BANNER_PIXELS = 25_000;
    private static final int TIMEOUT_SECONDS = 90;

    @TempDir
    Path dir;

    @Test
    void theReportOpensWithoutConsoleMessagesAndItsScreenshotShowsTheVerdictBannerAndTheCharts() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
        Path policy = Files.writeString(dir.resolve("strict.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 120\n");
        Gate gate = Gate.judge(run, PolicyFile.read(policy), null, null);
        assertThat(gate.passed()).as("the server upgrade took 267 s").isFalse();
        Path html = SummaryFiles.write(run, dir.resolve("out"), GateResult.of(gate)).html();

        BufferedImage shot = screenshot(html, "report.png");

        assertThat(shot.getWidth()).isEqualTo(1280);
        assertThat(pixelsOf(shot, FAIL_RED, 0, TOP)).as("the red FAIL banner at the top").isGreaterThan(BANNER_PIXELS);
        assertThat(pixelsOf(shot, NOT_GATED_GREY, 0, TOP)).isZero();
        for (int colour : LINE_COLOURS) {
            assertThat(pixelsOf(shot, colour, 0, shot.getHeight())).as("pixels of the chart line colour %06X", colour)
                    .isGreaterThan(200);
        }
    }

    @Test
    void inTheDarkColourSchemeThePageIsDarkAndANotGatedRunSaysSoInGrey() throws Exception {
        Path html = SummaryFiles.write(RecordedRuns.ciSizeJournal(), dir.resolve("run")).html();

        BufferedImage shot = screenshot(html, "dark.png", "--force-dark-mode");

        int background = shot.getRGB(4, 4) & 0xFFFFFF;
        assertThat((background >> 16 & 0xFF) + (background >> 8 & 0xFF) + (background & 0xFF))
                .as("the page's background %06X", background).isLessThan(3 * 48);
        assertThat(pixelsOf(shot, NOT_GATED_GREY, 0, TOP)).as("the grey not-gated banner").isGreaterThan(BANNER_PIXELS);
        assertThat(pixelsOf(shot, FAIL_RED, 0, TOP) + pixelsOf(shot, DARK_FAIL_RED, 0, TOP)).isZero();
    }

    /** compare.html in Chromium: a phase that regressed is marked in red at its row's start, where a reader looks. */
    @Test
    void aComparisonShowsARegressedPhaseHighlighted() throws Exception {
        RunSummary before = RunSummaries.of(
                JournalFile.read(RecordedRuns.ciSizeJournal()));
        List<PhaseSummary> phases = new ArrayList<>(before.phases());
        PhaseSummary p = phases.get(1);
        CallCounts c = p.probe();
        phases.set(1, new PhaseSummary(p.index(), p.kind(), p.title(), p.outcome(),
                p.seconds(), p.expectedSeconds(), p.serverVersions(), p.clients(), p.providers(), p.stable(), p.nodes(),
                new CallCounts(c.scheduled(), c.success() / 2, c.success() - c.success() / 2,
                        c.timeout(), c.network(), c.other(), c.inFlight(), c.otherClasses()), p.latency(), p.load(),
                p.message(), p.warnings(), p.failureSigns(), p.missing(), p.counts(), p.configs(), p.probeSeconds(),
                p.cause(), p.overSamples(), p.footprint()));
        RunSummary after = new RunSummary(before.experiment(),
                before.description(), before.scale(), before.started(), before.outcome(), before.complete(),
                before.seconds(), before.tornLines(), phases, before.probe(), before.latency(), before.end(),
                before.signsWatched(), before.benchmarks());
        RunTimeline timeline = RunTimeline.of(JournalFile.read(RecordedRuns.ciSizeJournal()));
        Path html = Files.writeString(dir.resolve("compare.html"), CompareHtml.render(
                RunComparison.of(before, after), timeline, timeline));

        BufferedImage shot = screenshot(html, "compare.png");

        assertThat(pixelsOf(shot, WORSE_RED, 0, shot.getHeight())).as("the regressed phase's red cells")
                .isGreaterThan(1500);
    }

    /** Chromium's screenshot of {@code html} at 1280 x 2800, after checking it loaded without a console message. */
    private BufferedImage screenshot(Path html, String name, String... flags) throws Exception {
        Path screenshot = dir.resolve(name);
        Path log = dir.resolve(name + ".log");
        List<String> command = new ArrayList<>(List.of(chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + dir.resolve("profile-" + name), "--enable-logging=stderr",
                "--v=0", "--window-size=1280,2800", "--screenshot=" + screenshot));
        command.addAll(List.of(flags));
        command.add(html.toUri().toString());
        Process chromium = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertThat(chromium.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("Chromium ended").isTrue();
        } finally {
            chromium.descendants().forEach(ProcessHandle::destroyForcibly);   // its renderer and GPU processes
            chromium.destroyForcibly();
        }

        List<String> output = Files.readAllLines(log);
        assertThat(chromium.exitValue()).as("Chromium's exit; its output: %s", output).isZero();
        // the page runs no script: any console line (a failed load, a CSP refusal) is a defect
        assertThat(output).noneMatch(line -> line.contains(":CONSOLE"));
        return ImageIO.read(screenshot.toFile());
    }

    private static String chromium() {
        String configured = System.getenv("CHROMIUM");
        for (String candidate : new ArrayList<>(List.of(configured == null ? "" : configured, "/usr/bin/chromium",
                "/usr/bin/chromium-browser"))) {
            if (!candidate.isEmpty() && Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new AssertionError("no Chromium: install Debian's chromium package (.ci/run does: "
                + "apt-get install chromium) or set CHROMIUM to its path");
    }

    /** Pixels in rows {@code fromY} to {@code toY} within a small distance of {@code rgb} (anti-aliasing blends edges). */
    private static int pixelsOf(BufferedImage image, int rgb, int fromY, int toY) {
        int count = 0;
        for (int y = fromY; y < Math.min(toY, image.getHeight()); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int p = image.getRGB(x, y);
                int d = Math.abs((p >> 16 & 0xFF) - (rgb >> 16 & 0xFF)) + Math.abs((p >> 8 & 0xFF) - (rgb >> 8 & 0xFF))
                        + Math.abs((p & 0xFF) - (rgb & 0xFF));
                if (d < 24) {
                    count++;
                }
            }
        }
        return count;
    }
}
