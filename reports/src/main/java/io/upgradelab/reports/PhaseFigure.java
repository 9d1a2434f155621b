package io.upgradelab.reports;

import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A figure two runs are compared by, phase by phase, how it is read off a phase, how it and its change are
 * written and when the change is a regression: one list for every form of the comparison (Markdown, HTML, JSON),
 * so they never differ on what a figure means or how it reads. A figure a phase did not measure (no probe call
 * ended in it, no node sampled) is NaN and reads "nothing measured": a phase of 0.9 s without a call is not
 * "100 % OK, p99 0.0 ms".
 */
public enum PhaseFigure {

    SECONDS("seconds", true, Worse.NEITHER, 0, 0, PhaseSummary::seconds),
    FLAPPING("flapping", true, Worse.HIGHER, 1, 0, p -> p.nodes().stream().anyMatch(n -> n.samples() > 0)
            ? p.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum() : Double.NaN),
    CPU_MEAN_PERCENT("CPU % (cluster mean)", false, Worse.HIGHER, 5, 0.25, RunComparison::clusterMeanCpu),
    CPU_P95_PERCENT("CPU p95 % (worst node)", false, Worse.HIGHER, 5, 0.25, p -> p.nodes().stream()
            .filter(n -> n.cpuSamples() > 0).mapToDouble(NodeSummary::p95CpuPercent).max().orElse(Double.NaN)),
    PROBE_SUCCESS_PERCENT("ok %", false, Worse.LOWER, 1, 0, p -> p.probe().ended() == 0 ? Double.NaN
            : p.probe().successPercent()),
    NO_PROVIDER_ERRORS("no provider", true, Worse.HIGHER, 1, 0, p -> p.probe().ended() == 0 ? Double.NaN
            : p.probe().noProvider()),
    LATENCY_P99_MS("p99 ms", false, Worse.HIGHER, 1, 0.25, p -> p.latency() == null || p.latency().count() == 0
            || p.probe().ended() == 0 ? Double.NaN : p.latency().p99());

    /** What a figure that measured nothing reads, in every form of the comparison. */
    public static final String NOTHING_MEASURED = "nothing measured";

    /** How the comparison marks a regression and an improvement, said under its phases. */
    public static final String MARKS = "worse / better: the change is a regression or an improvement of at least the"
            + " figure's minimum effect (counts: 1; ok %: 1 point; CPU: 5 points or a quarter of before; p99: 1 ms or a"
            + " quarter of before); seconds are not judged. " + NOTHING_MEASURED + ": the phase ended no probe call, or"
            + " no node was sampled in it.";

    /** Which way a figure gets worse. */
    public enum Worse {
        HIGHER, LOWER, NEITHER
    }

    /** A change as the comparison marks it. */
    public enum Judgement {
        WORSE("worse"), BETTER("better"), SAME("same"), NOT_MEASURED(NOTHING_MEASURED);

        private final String word;

        Judgement(String word) {
            this.word = word;
        }

        /** "worse", "better", "same", "nothing measured". */
        public String word() {
            return word;
        }
    }

    private final String heading;
    private final boolean count;
    private final Worse worse;
    private final double minEffect;
    private final double minEffectOfBefore;
    private final ToDoubleFunction<PhaseSummary> value;

    PhaseFigure(String heading, boolean count, Worse worse, double minEffect, double minEffectOfBefore,
                ToDoubleFunction<PhaseSummary> value) {
        this.heading = heading;
        this.count = count;
        this.worse = worse;
        this.minEffect = minEffect;
        this.minEffectOfBefore = minEffectOfBefore;
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

    /** Its value as the comparison's tables write it: "nothing measured", a count whole, else one decimal. */
    public String format(double value) {
        if (Double.isNaN(value)) {
            return NOTHING_MEASURED;
        }
        return count ? String.valueOf(Math.round(value)) : String.format(Locale.ROOT, "%.1f", value);
    }

    /**
     * Its change from {@code before} to {@code after}: "+3", "-12.5"; for a figure that is no count,
     * the ratio too: "-20.1 (x0.45)"; "-" when either side measured nothing.
     */
    public String change(double before, double after) {
        if (Double.isNaN(before) || Double.isNaN(after)) {
            return "-";
        }
        String delta = delta(before, after);
        return ratio(before, after).map(r -> delta + " (" + r + ")").orElse(delta);
    }

    /**
     * Before, after and the change in one cell, as the Markdown comparison writes a figure: "4 → 4", "30.2 → 15.1
     * (-15.1, x0.50)", "100.0 → nothing measured"; a count's change without a ratio.
     */
    public String transition(double before, double after) {
        String both = format(before) + " → " + format(after);
        if (Double.isNaN(before) || Double.isNaN(after) || delta(before, after).equals("0")) {
            return both;
        }
        String delta = delta(before, after);
        return both + " (" + ratio(before, after).map(r -> delta + ", " + r).orElse(delta) + ")";
    }

    /** After minus before as the tables write it: "+3", "-12.5", "0". */
    private String delta(double before, double after) {
        String text = format(after - before);
        return text.matches("-?0(\\.0)?") ? "0" : after > before ? "+" + text : text;
    }

    /** After / before ("x0.45") for a figure that is no count; none for a count or from a before of 0. */
    private Optional<String> ratio(double before, double after) {
        return count || before == 0 ? Optional.empty() : Optional.of(SummaryText.ratio(after / before));
    }

    /**
     * Whether the change from {@code before} to {@code after} is a regression or an improvement: at least the
     * figure's minimum effect ({@link #MARKS}) in the direction it gets worse or better; same otherwise, and for
     * seconds, whose length says nothing good or bad by itself.
     */
    public Judgement judge(double before, double after) {
        if (Double.isNaN(before) || Double.isNaN(after)) {
            return Judgement.NOT_MEASURED;
        }
        double delta = after - before;
        if (worse == Worse.NEITHER || Math.abs(delta) < Math.max(minEffect, Math.abs(before) * minEffectOfBefore)) {
            return Judgement.SAME;
        }
        return (delta > 0) == (worse == Worse.HIGHER) ? Judgement.WORSE : Judgement.BETTER;
    }
}
