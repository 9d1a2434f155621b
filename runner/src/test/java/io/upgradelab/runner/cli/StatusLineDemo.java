package io.upgradelab.runner.cli;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.runner.engine.RunStatus;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The live display as a run draws it, with a status as wide as a real one (about 240 columns), for
 * StatusLineInTmuxTest to watch in a real terminal of a set width. Draws for {@code args[0]} seconds, a
 * second more of its phase at every redraw, then ends.
 */
public final class StatusLineDemo {

    private StatusLineDemo() {
    }

    public static void main(String[] args) throws InterruptedException {
        PrintWriter err = TerminalWriter.of(new PrintWriter(System.err, true));
        boolean terminal = RunDisplay.onTerminal();
        try (TerminalWidth width = terminal ? TerminalWidth.ofSystem() : TerminalWidth.none();
             RunDisplay display = new RunDisplay(err, terminal, false, width)) {
            display.accept("status line demo: terminal " + terminal + ", " + width.getAsInt() + " columns");
            AtomicInteger draws = new AtomicInteger();
            // a second more in the phase at every draw: a watcher sees each redraw as a changed line
            display.follow(() -> status(Duration.ofSeconds(130 + draws.getAndIncrement())));
            Thread.sleep(Long.parseLong(args[0]) * 1000);
        }
        System.err.println("status line demo: done");
    }

    private static RunStatus status(Duration phaseElapsed) {
        return new RunStatus(9, 14, "rolling server upgrade to 2.0.4 (3 nodes), then upgraded=true: node 2"
                + " restarting", phaseElapsed, Duration.ofMinutes(4), Duration.ofMinutes(6),
                Duration.ofMinutes(12), 14000,
                List.of(node(1, 13990), node(2, 14000), NodeSample.unreachable(3, "1.4.1", "refused")),
                List.of(new ResourceSample(1, 97.4, 900), new ResourceSample(2, 88.1, 880), new ResourceSample(3, 3, 100)),
                new CallCounts(12000, 11890, 100, 5, 3, 2, 0, Map.of()));
    }

    private static NodeSample node(int node, int instances) {
        return new NodeSample(node, "2.0.4", true, 400, instances, instances, 2, 2, null);
    }
}
