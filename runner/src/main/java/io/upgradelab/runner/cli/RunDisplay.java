package io.upgradelab.runner.cli;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.engine.RunStatus;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A run's progress for the person watching. On a terminal: event lines scroll while one status line
 * at the bottom is redrawn every second (phase, elapsed against expected, instances per node, CPU
 * per node, probe outcomes), cut to the terminal's width so it never wraps ({@link #fit}). Elsewhere
 * (CI logs, pipes): plain lines only, the status every 30 s. Quiet: nothing at all, the run's answer is
 * what the command prints when it ends.
 */
final class RunDisplay implements Consumer<String>, AutoCloseable {

    private static final String CLEAR_LINE = "\r\033[K";
    private static final Duration PLAIN_STATUS_EVERY = Duration.ofSeconds(30);

    private final PrintWriter err;
    private final boolean terminal;
    private final long began = System.nanoTime();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "run-display");
        t.setDaemon(true);
        return t;
    });
    private final boolean quiet;
    private final IntSupplier width;
    private volatile Supplier<RunStatus> status;
    private String statusLine = "";

    RunDisplay(PrintWriter err, boolean terminal) {
        this(err, terminal, false, () -> 0);
    }

    /**
     * @param quiet nothing shown
     * @param width the terminal's width now (0: unknown, lines uncut)
     */
    RunDisplay(PrintWriter err, boolean terminal, boolean quiet, IntSupplier width) {
        this.err = err;
        this.terminal = terminal;
        this.quiet = quiet;
        this.width = width;
    }

    /** Whether standard error is a terminal a status line can be redrawn on. */
    static boolean onTerminal() {
        String term = System.getenv("TERM");
        return System.console() != null && term != null && !"dumb".equals(term);
    }

    /** Starts showing {@code source}'s status. */
    void follow(Supplier<RunStatus> source) {
        if (quiet) {
            return;
        }
        status = source;
        long every = terminal ? 1000 : PLAIN_STATUS_EVERY.toMillis();
        ticker.scheduleAtFixedRate(this::tick, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void accept(String message) {
        if (quiet) {
            return;
        }
        String line = Progress.stamp(began, message);
        if (terminal) {
            clearLine();
            err.print(line + "\n" + statusLine);
        } else {
            err.println(line);
        }
        err.flush();
    }

    private synchronized void tick() {
        Supplier<RunStatus> source = status;
        if (source == null) {
            return;
        }
        String line = describe(source.get());
        if (terminal) {
            line = fit(line, width.getAsInt());
            statusLine = line;
            clearLine();
            err.print(line);
            err.flush();
        } else {
            err.println(Progress.stamp(began, "status: " + line));
            err.flush();
        }
    }

    /** One line: {@code [3/16 2m10s of ~3m] hold ... | instances 6000 6000 5990 (6000 registered) | CPU 25 30 28% | probe ...}. */
    static String describe(RunStatus s) {
        StringBuilder b = new StringBuilder();
        if (s.phase() >= 1) {
            b.append('[').append(s.phase()).append('/').append(s.phases()).append(' ')
                    .append(Durations.text(s.phaseElapsed())).append(" of ~").append(Durations.text(s.phaseExpected()))
                    .append("] ");
        }
        b.append(s.stage());
        if (!s.nodes().isEmpty()) {
            b.append(" | instances ").append(s.nodes().stream()
                    .map(n -> n.reachable() ? Integer.toString(n.instances()) : "-")
                    .collect(Collectors.joining(" "))).append(" (").append(s.expectedInstances()).append(" registered)");
        }
        if (!s.resources().isEmpty()) {
            b.append(" | CPU ").append(s.resources().stream().map(r -> Long.toString(Math.round(r.cpuPercent())))
                    .collect(Collectors.joining(" "))).append('%');
        }
        CallCounts p = s.probeTotal();
        if (p != null) {
            b.append(" | probe ").append(p.success()).append(" ok, ").append(p.noProvider()).append(" no-provider, ")
                    .append(p.failed() - p.noProvider()).append(" other errors");
        }
        b.append(" | run ").append(Durations.text(s.runElapsed())).append(" of ~").append(Durations.text(s.runExpected()));
        return b.toString();
    }

    /**
     * {@code line} within {@code width} columns (one left free, where the cursor rests), so a redraw never wraps
     * onto a second line: its parts ({@code " | "} apart) dropped from the least telling (the run's time, CPU,
     * instances) while it is too wide, the probe's outcomes and the phase kept; then the phase's words cut with
     * an ellipsis. A width of 0 (unknown) leaves it whole.
     */
    static String fit(String line, int width) {
        int room = width - 1;
        if (width <= 0 || line.length() <= room) {
            return line;
        }
        List<String> parts = new ArrayList<>(List.of(line.split(" \\| ")));
        for (String leastTelling : List.of("run ", "CPU ", "instances ")) {
            if (String.join(" | ", parts).length() <= room) {
                break;
            }
            for (int i = parts.size() - 1; i >= 1; i--) {
                if (parts.get(i).startsWith(leastTelling)) {
                    parts.remove(i);
                }
            }
        }
        String fitted = String.join(" | ", parts);
        if (fitted.length() <= room) {
            return fitted;
        }
        String rest = parts.size() > 1 ? " | " + String.join(" | ", parts.subList(1, parts.size())) : "";
        int head = room - rest.length() - 1;
        return head >= 8 ? parts.get(0).substring(0, Math.min(parts.get(0).length(), head)) + "…" + rest
                : fitted.substring(0, Math.max(0, room - 1)) + "…";
    }

    @Override
    public synchronized void close() {
        ticker.shutdownNow();
        if (terminal && !statusLine.isEmpty()) {
            clearLine();
        }
    }

    /** Back to the start of the status line, blanked: the display's own control sequence, written unescaped. */
    private void clearLine() {
        err.flush();
        PrintWriter controls = TerminalWriter.unescaped(err);
        controls.print(CLEAR_LINE);
        controls.flush();
    }
}
