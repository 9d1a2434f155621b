package io.upgradelab.runner.cli;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.engine.RunStatus;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A run's progress for the person watching. On a terminal: event lines scroll while one status line
 * at the bottom is redrawn every second (phase, elapsed against expected, instances per node, CPU
 * per node, probe outcomes). Elsewhere (CI logs, pipes): plain lines only, the status every 30 s.
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
    private volatile Supplier<RunStatus> status;
    private String statusLine = "";

    RunDisplay(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    /** Whether standard error is a terminal a status line can be redrawn on. */
    static boolean onTerminal() {
        String term = System.getenv("TERM");
        return System.console() != null && term != null && !"dumb".equals(term);
    }

    /** Starts showing {@code source}'s status. */
    void follow(Supplier<RunStatus> source) {
        status = source;
        long every = terminal ? 1000 : PLAIN_STATUS_EVERY.toMillis();
        ticker.scheduleAtFixedRate(this::tick, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void accept(String message) {
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
            statusLine = line;
            clearLine();
            err.print(line);
            err.flush();
        } else {
            err.println(Progress.stamp(began, "status: " + line));
            err.flush();
        }
    }

    /** One line: {@code [3/16 2m10s of ~3m] hold ... | instances 6000 6000 5990 (of 6000) | CPU 25 30 28% | probe ...}. */
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
                    .collect(Collectors.joining(" "))).append(" (of ").append(s.expectedInstances()).append(')');
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
