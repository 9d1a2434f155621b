package io.upgradelab.probe.output;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.probe.Outcome;
import io.upgradelab.probe.ProbeOutput;
import java.io.PrintStream;
import java.util.Locale;

/** A line on the console every few seconds, and the summary at the end: what a person watching wants. */
public final class ConsoleProgress implements ProbeOutput {

    private final PrintStream out;
    private final int everySeconds;

    public ConsoleProgress(PrintStream out, int everySeconds) {
        this.out = out;
        this.everySeconds = everySeconds;
    }

    @Override
    public void second(ProbeSecond second) {
        if (second.second() % everySeconds == 0) {
            out.println(String.format(Locale.ROOT, "probe %5d s: %s; p99 %.1f ms, cpu %.1f%%", second.second(),
                    describe(second.totals()), second.latencyMs().p99(), second.cpuPercent()));
            out.flush();
        }
    }

    @Override
    public void finished(ProbeSummary summary) {
        out.println(String.format(Locale.ROOT,
                "probe finished: %s; rate %.2f/s of %.0f/s; latency p50 %.1f p99 %.1f max %.1f ms; "
                        + "lag p99 %.2f ms; cpu %.1f%% of one core", describe(summary.totals()), summary.achievedRate(),
                summary.targetRate(), summary.latencyMs().p50(), summary.latencyMs().p99(), summary.latencyMs().max(),
                summary.lagMs().p99(), summary.cpuPercent()));
        out.flush();
    }

    static String describe(CallCounts counts) {
        StringBuilder text = new StringBuilder().append(counts.scheduled()).append(" scheduled");
        for (Outcome outcome : Outcome.values()) {
            text.append(", ").append(outcome.in(counts)).append(' ').append(outcome.key());
        }
        if (!counts.otherClasses().isEmpty()) {
            text.append(' ').append(counts.otherClasses());
        }
        return text.append(", ").append(counts.inFlight()).append(" in flight").toString();
    }
}
