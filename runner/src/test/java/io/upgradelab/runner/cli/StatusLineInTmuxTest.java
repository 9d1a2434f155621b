package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The live status line in a real terminal of 80 columns (a tmux pane, on a tmux server of the test's own): it is
 * drawn on one line, within the width, however wide the status it tells (StatusLineDemo's is about 240
 * columns), and the event line above it is not overwritten.
 */
class StatusLineInTmuxTest {

    private static final Path TMUX = Path.of("/usr/bin/tmux");
    private final String socket = "upgrade-lab-test-" + ProcessHandle.current().pid();

    @Test
    void at80ColumnsTheStatusLineIsOneLineWithinTheWidth() throws Exception {
        assumeTrue(Files.isExecutable(TMUX), "tmux (.ci/run installs it)");
        String java = ProcessHandle.current().info().command().orElse("java");
        String command = String.join(" ", List.of(quote(java), "-cp", quote(System.getProperty("java.class.path")),
                StatusLineDemo.class.getName(), "30"));
        try {
            tmux("new-session", "-d", "-s", "demo", "-x", "80", "-y", "24", command);
            // until the demo has drawn its status (the JVM's start takes seconds here), then until it has drawn it
            // again (its phase's time moves at every draw), so a line that wrapped would show twice
            List<String> first = awaitScreen(screen -> screen.stream().anyMatch(l -> l.contains("probe ")));
            List<String> screen = awaitScreen(now -> !statusOf(now).isEmpty() && !statusOf(now).equals(statusOf(first)));
            List<String> status = statusOf(screen);
            assertThat(status).as(String.join("\n", screen)).singleElement().satisfies(line -> {
                assertThat(line.length()).isLessThan(80);
                assertThat(line).startsWith("[9/14 ").contains("probe 11890 ok, 100 no-provider");
            });
            assertThat(screen).as("the event line stays above it").anySatisfy(l -> assertThat(l)
                    .contains("status line demo: terminal true, 80 columns"));
        } finally {
            tmux("kill-server");
        }
    }

    /** The pane, polled every 250 ms until {@code drawn} holds of it, for at most 25 s. */
    private List<String> awaitScreen(Predicate<List<String>> drawn) throws IOException, InterruptedException {
        List<String> screen = List.of();
        for (int i = 0; i < 100 && !drawn.test(screen); i++) {
            Thread.sleep(250);
            screen = tmux("capture-pane", "-p", "-t", "demo");
        }
        return screen;
    }

    private static List<String> statusOf(List<String> screen) {
        return screen.stream().filter(l -> l.contains("probe ")).toList();
    }

    private List<String> tmux(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(TMUX.toString(), "-L", socket, "-f", "/dev/null"));
        command.addAll(List.of(arguments));
        Process tmux = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(tmux.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!tmux.waitFor(10, TimeUnit.SECONDS)) {
            tmux.destroyForcibly();
        }
        return output.lines().toList();
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
