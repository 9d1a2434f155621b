package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.function.ToDoubleFunction;

/**
 * A figure two runs are compared by, phase by phase, and how it is read off a phase: one list for
 * every form of the comparison (Markdown, JSON), so they never differ on what a figure means.
 */
public enum PhaseFigure {

    SECONDS("seconds", true, PhaseSummary::seconds),
    FLAPPING("flapping", true, p -> p.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum()),
    CPU_MEAN_PERCENT("CPU % (cluster mean)", false, RunComparison::clusterMeanCpu),
    CPU_P95_PERCENT("CPU p95 % (worst node)", false, p -> p.nodes().stream().filter(n -> n.samples() > 0)
            .mapToDouble(NodeSummary::p95CpuPercent).max().orElse(Double.NaN)),
    PROBE_SUCCESS_PERCENT("ok %", false, p -> p.probe().successPercent()),
    NO_PROVIDER_ERRORS("no provider", true, p -> p.probe().noProvider()),
    LATENCY_P99_MS("p99 ms", false, p -> p.latency() == null ? Double.NaN : p.latency().p99());

    private final String heading;
    private final boolean count;
    private final ToDoubleFunction<PhaseSummary> value;

    PhaseFigure(String heading, boolean count, ToDoubleFunction<PhaseSummary> value) {
        this.heading = heading;
        this.count = count;
        this.value = value;
    }

    /** Its column heading in tables. */
    public String heading() {
        return heading;
    }

    /** Whether it counts (events, seconds, errors), so its change is a difference and never a ratio. */
    public boolean count() {
        return count;
    }

    /** Its value in {@code phase}; NaN when not measured there. */
    public double of(PhaseSummary phase) {
        return value.applyAsDouble(phase);
    }
}
