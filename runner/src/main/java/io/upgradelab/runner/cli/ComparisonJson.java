package io.upgradelab.runner.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.upgradelab.reports.BenchmarkComparison;
import io.upgradelab.reports.BenchmarkSummary;
import io.upgradelab.reports.ConsumerStackSummary;
import io.upgradelab.reports.FigureShift;
import io.upgradelab.reports.GatewayBenchmarkSummary;
import io.upgradelab.reports.Paired;
import io.upgradelab.reports.PhaseFigure;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.stats.LocationShift;
import java.util.List;

/**
 * {@code compare --output json}: the comparison's figures as the Markdown table has them
 * ({@link PhaseFigure}), one field each, so a pipeline reads {@code phases[i].figures.latencyP99Ms.after}.
 * A figure not measured (no sample, no call) is null, never 0; figures have at most three decimals.
 *
 * @param before       the before run
 * @param after        the after run
 * @param phases       the phases in both runs, paired by number when of the same kind
 * @param onlyInBefore phases of the before run without a counterpart
 * @param onlyInAfter  phases of the after run without a counterpart
 * @param benchmarks   the naming benchmarks' operations in both runs, paired by phase number and operation
 * @param shifts       per paired phase, each figure's samples before against after ({@link FigureShift})
 * @param gateway      the gateway benchmarks' wrk runs in both runs, paired by phase, route and connections; absent
 *                     when neither run had one
 * @param stacks       the consumer stacks' figures in both runs, paired by phase, stack and event; absent when neither
 *                     run had one
 */
record ComparisonJson(Run before, Run after, List<PhaseChange> phases, List<Phase> onlyInBefore,
                      List<Phase> onlyInAfter, List<BenchmarkChange> benchmarks, List<Shift> shifts,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<GatewayChange> gateway,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<StackChange> stacks) {

    /** A gateway benchmark's wrk run in both runs: wrk's QPS and p99 (ms) before and after. */
    record GatewayChange(int phase, String route, int connections, double qpsBefore, double qpsAfter,
                         double p99MsBefore, double p99MsAfter, long errorsBefore, long errorsAfter) {

        static GatewayChange of(Paired.Pair<GatewayBenchmarkSummary> pair) {
            var b = pair.before().wrk();
            var a = pair.after().wrk();
            return new GatewayChange(pair.after().phase(), pair.after().route(), a.concurrency(), b.qps(), a.qps(),
                    b.latency().p99(), a.latency().p99(), b.errorCount(), a.errorCount());
        }
    }

    /**
     * A consumer stack through one event in both runs: its failed calls, how long it kept failing (s) and how soon it
     * reached a new instance (s; null where no new one came).
     */
    record StackChange(int phase, String stack, String event, int errorsBefore, int errorsAfter,
                       double failingSecondsBefore, double failingSecondsAfter, Double toNewSecondsBefore,
                       Double toNewSecondsAfter) {

        static StackChange of(Paired.Pair<ConsumerStackSummary> pair) {
            var b = pair.before().line();
            var a = pair.after().line();
            return new StackChange(pair.after().phase(), a.stack(), a.event(), b.errors(), a.errors(), b.secondsToStop(),
                    a.secondsToStop(), b.secondsToNew(), a.secondsToNew());
        }
    }

    /**
     * One run compared.
     *
     * @param outcome completed, failed, aborted, interrupted, or incomplete (killed: no runEnded line)
     * @param started when it started (ISO-8601, UTC)
     * @param seconds how long it ran
     */
    record Run(String experiment, String outcome, String started, double seconds) {

        static Run of(RunSummary run) {
            return new Run(run.experiment(), run.outcome(), run.started(), run.seconds());
        }
    }

    /** A phase, by its number from 1. */
    record Phase(int number, String kind, String title) {

        static Phase of(PhaseSummary phase) {
            return new Phase(phase.index(), phase.kind(), phase.title());
        }
    }

    /** A phase in both runs, numbered from 1, with every figure before and after. */
    record PhaseChange(int number, String kind, String title, Figures figures) {
    }

    /**
     * The figures of a phase, as the Markdown table's columns.
     *
     * @param seconds             how long the phase took
     * @param flapping            flapping events on all nodes
     * @param cpuMeanPercent      the cluster's mean CPU, % of one core
     * @param cpuP95Percent       the worst node's CPU p95, % of one core
     * @param probeSuccessPercent the probe's calls that succeeded, %
     * @param noProviderErrors    the probe's calls that found no provider
     * @param latencyP99Ms        the probe's latency p99, ms
     */
    record Figures(Change seconds, Change flapping, Change cpuMeanPercent, Change cpuP95Percent,
                   Change probeSuccessPercent, Change noProviderErrors, Change latencyP99Ms) {
    }

    /**
     * One figure before and after.
     *
     * @param change after minus before; null when either is not measured
     * @param ratio  after / before, for a figure that is not a count; null for a count, or when before is 0 or
     *               either is not measured
     * @param judgement "worse", "better", "same" or "nothing measured" ({@link PhaseFigure#judge}), as the Markdown
     *                  and the page mark it
     */
    record Change(Double before, Double after, Double change, Double ratio, String judgement) {

        static Change of(PhaseFigure figure, RunComparison.Pair pair) {
            double b = figure.of(pair.before());
            double a = figure.of(pair.after());
            Double before = measured(b);
            Double after = measured(a);
            boolean both = before != null && after != null;
            return new Change(before, after, both ? measured(after - before) : null,
                    both && !figure.count() && before != 0 ? measured(after / before) : null,
                    figure.judge(b, a).word());
        }
    }

    /**
     * A naming benchmark operation in both runs.
     *
     * @param tpsBefore operations that succeeded per second, before
     * @param p99MsBefore the response time p99 of those that succeeded, ms; null when none did
     */
    record BenchmarkChange(int phase, String operation, double tpsBefore, double tpsAfter, Double tpsRatio,
                           Double p99MsBefore, Double p99MsAfter, Double p99Ratio) {

        static BenchmarkChange of(BenchmarkComparison.Pair pair) {
            return new BenchmarkChange(pair.after().phase(), pair.after().operation(), pair.before().tps(),
                    pair.after().tps(), pair.tpsRatio(), p99(pair.before()), p99(pair.after()), pair.p99Ratio());
        }

        private static Double p99(BenchmarkSummary row) {
            return row.responseTimes().count() == 0 ? null : row.responseTimes().p99();
        }
    }

    /**
     * A figure of a paired phase, judged from its samples: {@code phases[i]}'s figures are one number a
     * run; this is every sample's. Null effect, interval and p when the judgement is {@code thin}.
     *
     * @param judgement  worse, better, same (no shift shown, or under the minimum effect) or thin (too few samples)
     * @param worseWhen  higher or lower
     * @param effect     after minus before, the Hodges-Lehmann estimate
     * @param low        the effect's interval, lower end, at {@code confidence}
     * @param nBefore    the before samples
     * @param pValue     Mann-Whitney U, two-sided
     */
    record Shift(int phase, String figure, String judgement, String worseWhen, double minEffect, Double effect,
                 Double low, Double high, Double confidence, int nBefore, int nAfter, Double pValue) {

        static Shift of(FigureShift f) {
            LocationShift s = f.shift();
            return s == null
                    ? new Shift(f.phase(), f.figure(), name(f), f.worseWhen(), measured(f.minEffect()), null, null, null,
                            null, f.before(), f.after(), null)
                    : new Shift(f.phase(), f.figure(), name(f), f.worseWhen(), measured(f.minEffect()),
                            measured(s.estimate()), measured(s.low()), measured(s.high()), s.confidence(), f.before(),
                            f.after(), s.pValue());
        }

        private static String name(FigureShift f) {
            return f.judgement().word();
        }
    }

    static ComparisonJson of(RunComparison comparison, List<FigureShift> shifts) {
        return new ComparisonJson(Run.of(comparison.before()), Run.of(comparison.after()),
                comparison.pairs().stream().map(ComparisonJson::change).toList(),
                comparison.onlyInBefore().stream().map(Phase::of).toList(),
                comparison.onlyInAfter().stream().map(Phase::of).toList(),
                comparison.benchmarks().pairs().stream().map(BenchmarkChange::of).toList(),
                shifts.stream().map(Shift::of).toList(),
                comparison.gateway().pairs().stream().map(GatewayChange::of).toList(),
                comparison.stacks().pairs().stream().map(StackChange::of).toList());
    }

    private static PhaseChange change(RunComparison.Pair pair) {
        return new PhaseChange(pair.after().index(), pair.after().kind(), pair.after().title(), new Figures(
                Change.of(PhaseFigure.SECONDS, pair), Change.of(PhaseFigure.FLAPPING, pair),
                Change.of(PhaseFigure.CPU_MEAN_PERCENT, pair), Change.of(PhaseFigure.CPU_P95_PERCENT, pair),
                Change.of(PhaseFigure.PROBE_SUCCESS_PERCENT, pair), Change.of(PhaseFigure.NO_PROVIDER_ERRORS, pair),
                Change.of(PhaseFigure.LATENCY_P99_MS, pair)));
    }

    /** {@code value} to three decimals (what a table shows, without 42.199999999999996); null when NaN. */
    private static Double measured(double value) {
        return Double.isNaN(value) ? null : Math.round(value * 1000) / 1000.0;
    }
}
