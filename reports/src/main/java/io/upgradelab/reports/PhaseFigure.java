package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A figure two runs are compared by, phase by phase, how it is read off a phase and how it and its
 * change are written: one list for every form of the comparison (Markdown, HTML, JSON), so they
 * never differ on what a figure means or how it reads.
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

    /** Its value as the comparison's tables write it: "-" when not measured, a count whole, else one decimal. */
    public String format(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return count ? String.valueOf(Math.round(value)) : String.format(Locale.ROOT, "%.1f", value);
    }

    /**
     * Its change from {@code before} to {@code after}: "+3", "-12.5"; for a figure that is no count,
     * the ratio too: "-20.1 (x0.45)".
     */
    public String change(double before, double after) {
        if (Double.isNaN(before) || Double.isNaN(after)) {
            return "-";
        }
        String text = format(after - before);
        text = text.matches("-?0(\\.0)?") ? "0" : after > before ? "+" + text : text;
        return count || before == 0 ? text : text + " (" + SummaryText.ratio(after / before) + ")";
    }
}
