package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The phase consumers felt most, for the report's opening: most no-provider errors, then the lowest
 * success rate, then the highest p99, then the most flapping events; the earlier phase on a tie. So a
 * reader goes to it first, and the table's other rows are the context.
 *
 * @param phase    the phase
 * @param flapping its flapping events over all nodes
 */
public record WorstPhase(PhaseSummary phase, int flapping) {

    /** Worst first: the order the opening names one by. */
    static final Comparator<WorstPhase> WORST_FIRST = Comparator
            .comparingLong((WorstPhase w) -> w.phase.probe().noProvider()).reversed()
            .thenComparingDouble(w -> w.phase.probe().successPercent())
            .thenComparing(Comparator.comparingDouble(WorstPhase::p99).reversed())
            .thenComparing(Comparator.comparingInt(WorstPhase::flapping).reversed());

    /** The run's worst phase; empty for a run without phases. */
    public static Optional<WorstPhase> of(RunSummary run) {
        List<WorstPhase> phases = run.phases().stream().map(p -> new WorstPhase(p,
                p.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum())).toList();
        return phases.stream().sorted(WORST_FIRST).findFirst();   // sorted is stable: the earlier phase on a tie
    }

    /** The phase's p99 latency in ms; 0 when not recorded. */
    double p99() {
        return phase.latency() == null ? 0 : phase.latency().p99();
    }

    /** "rolling server upgrade to 2.0.4 (3 nodes), then upgraded=true (1.4.1 x3 -> 2.0.4 x3)". */
    public String title() {
        return phase.title() + (phase.serverVersions().isEmpty() ? "" : " (" + phase.serverVersions() + ")");
    }

    /** "12 no-provider errors, 99.2% ok, p99 45.10 ms, 3 flapping events". */
    public String figures() {
        return phase.probe().noProvider() + " no-provider errors, " + SummaryText.number(phase.probe().successPercent())
                + "% ok, p99 " + (phase.latency() == null ? "not recorded" : SummaryText.ms(p99()) + " ms") + ", "
                + flapping + " flapping event" + (flapping == 1 ? "" : "s");
    }
}
