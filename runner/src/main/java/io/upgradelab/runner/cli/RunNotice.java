package io.upgradelab.runner.cli;

import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.gate.Verdict;
import java.nio.file.Path;

/**
 * What a chat is told when a run ends ({@code run --notify}): the experiment, how the run ended, the gate's
 * sentence as {@code gate} words it, each criterion not met with its figure, and where the run's report is. One
 * message a person reads at a glance in a channel.
 */
final class RunNotice {

    /** A criterion's figure longer than this is cut: a chat message is a glance, the report the detail. */
    static final int MAX_FIGURE = 200;

    private RunNotice() {
    }

    /**
     * "upgrade-lab: nacos-1x-to-2x-ci completed; gate FAIL: 2 of 3 criteria met, 1 not met", then a line per
     * criterion not met, then the report's path.
     */
    static String text(String experiment, String ended, GateResult gate, Path runDirectory) {
        StringBuilder text = new StringBuilder("upgrade-lab: ").append(experiment).append(' ').append(ended);
        if (gate.status() != GateResult.Status.NOT_GATED) {
            text.append("; ").append(gate.sentence());
        }
        for (Verdict v : gate.notMet()) {
            String figure = v.measured().length() <= MAX_FIGURE ? v.measured()
                    : v.measured().substring(0, MAX_FIGURE - 1) + "…";
            text.append("\n- ").append(v.status()).append(' ').append(v.criterion()).append(": ").append(figure);
        }
        return text.append("\nreport: ").append(runDirectory.resolve("report.html")).toString();
    }
}
