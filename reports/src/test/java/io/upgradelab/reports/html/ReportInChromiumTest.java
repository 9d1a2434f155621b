package io.upgradelab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.files.SummaryFiles;
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
 * it loads from the file alone with no console message, and its screenshot shows the charts' lines.
 * The screenshot is made in a temporary directory and checked, not kept.
 */
class ReportInChromiumTest {

    /** JFreeChart's first three series colours (nodes 1 to 3) and the outcomes chart's success green. */
    private static final int[] LINE_COLOURS = {0xFF5555, 0x5555FF, 0x55FF55, 0x2CA02C};
    private static final int TIMEOUT_SECONDS = 90;

    @TempDir
    Path dir;

    @Test
    void theReportOpensWithoutConsoleMessagesAndItsScreenshotShowsTheCharts() throws Exception {
        Path html = SummaryFiles.write(RecordedRuns.ciSizeJournal(), dir.resolve("run")).html();
        Path screenshot = dir.resolve("report.png");
        Path log = dir.resolve("chromium.log");

        Process chromium = new ProcessBuilder(chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + dir.resolve("profile"), "--enable-logging=stderr", "--v=0",
                "--window-size=1280,2800", "--screenshot=" + screenshot, html.toUri().toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
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
        BufferedImage shot = ImageIO.read(screenshot.toFile());
        assertThat(shot.getWidth()).isEqualTo(1280);
        for (int colour : LINE_COLOURS) {
            assertThat(pixelsOf(shot, colour)).as("pixels of the chart line colour %06X", colour).isGreaterThan(200);
        }
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

    /** Pixels within a small distance of {@code rgb} (anti-aliasing blends the lines' edges). */
    private static int pixelsOf(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
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
