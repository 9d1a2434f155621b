package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SignalSummary;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A figure of the team's own Prometheus ({@code signals} in the experiment, kind {@code prometheus}) held within a
 * bound in every sample of the phases named (or every phase). The team judges the upgrade by what it already
 * watches. The bound is one of two forms:
 * <ul>
 *   <li>fixed: {@code atMost} (an error rate, a latency) or {@code atLeast} (a throughput);</li>
 *   <li>a baseline per phase: {@code baselinePhases} (by number or kind, as {@code phases}: typically the steady
 *       phase before the upgrade) with {@code atMostRatio} or {@code atLeastRatio}: each judged phase's worst
 *       sample at most (at least) that many times the baseline's figure. Why: a team often knows "no worse than
 *       before the upgrade" long before it knows a number, and the number differs per environment; the ratio
 *       travels, as {@code cpuAgainstBaseline}'s and {@code benchmarkTps}'s do (an earlier phase of the same
 *       run here, not a baseline run).</li>
 * </ul>
 * The judged figure is each phase's worst sample (the highest for an upper bound, the lowest for a lower one), and
 * the baseline's figure is its worst sample too, over the baseline phases: like against like. A median baseline
 * would hold a phase's peak to a steady phase's typical value, and an ordinary spread between scrapes would fail a
 * ratio like 1.2 with nothing upgraded; the worst sample is also what the run's summary keeps per phase
 * ({@link SignalSummary}), so the gate judges from summary.json without the journal's samples. A baseline of 0 (an
 * error rate that was 0) bounds at 0: any error fails a ratio, where a fixed {@code atMost} says what is tolerable.
 *
 * <p>A judged phase without a sample read of the signal is not judged ({@link Evidence}); a baseline phase
 * without one (or whose load was not valid, or that was not reached) leaves nothing to judge against: the verdict
 * is inconclusive, so a signal that could not be read never passes. A baseline phase that is also judged is held
 * to its own figure times the ratio. A figure that is not a number is beyond any bound ({@link Figures}).
 *
 * @param signal         the signal's name in the experiment
 * @param atMost         the highest a sample may be; null in the other forms
 * @param atLeast        the lowest a sample may be; null in the other forms
 * @param phases         the phases judged, by number or kind (null: all)
 * @param baselinePhases the phases whose figure the ratio multiplies, by number or kind; null in the fixed forms
 * @param atMostRatio    the highest a sample may be, in times the baseline phases' highest; null in the other forms
 * @param atLeastRatio   the lowest a sample may be, in times the baseline phases' lowest; null in the other forms
 */
@JsonTypeName("prometheus")
public record PrometheusSignalBound(@JsonProperty(required = true) String signal, Double atMost, Double atLeast,
                                    List<String> phases, List<String> baselinePhases, Double atMostRatio,
                                    Double atLeastRatio) implements PhaseCriterion {

    /** How a policy writes each form, for the errors that say which to give. */
    private static final String FORMS = "give one bound: atMost, atLeast, or baselinePhases with atMostRatio or"
            + " atLeastRatio";

    public PrometheusSignalBound {
        InvalidCriterionException wrong = problem(atMost, atLeast, baselinePhases, atMostRatio, atLeastRatio);
        if (wrong != null) {
            throw wrong;
        }
    }

    /** A fixed bound: {@code atMost} or {@code atLeast}. */
    public PrometheusSignalBound(String signal, Double atMost, Double atLeast, List<String> phases) {
        this(signal, atMost, atLeast, phases, null, null, null);
    }

    /** Why the bounds given do not make one of the forms, at the field to change; null when they do. */
    private static InvalidCriterionException problem(Double atMost, Double atLeast, List<String> baselinePhases,
                                                     Double atMostRatio, Double atLeastRatio) {
        boolean ratio = atMostRatio != null || atLeastRatio != null;
        if (atMost != null && atLeast != null) {
            return new InvalidCriterionException("atLeast", FORMS + ", not both atMost and atLeast (a band is two"
                    + " criteria)");
        }
        if ((atMost != null || atLeast != null) && (ratio || baselinePhases != null)) {
            String fixed = atMost != null ? "atMost" : "atLeast";
            String relative = atMostRatio != null ? "atMostRatio" : atLeastRatio != null ? "atLeastRatio" : "baselinePhases";
            return new InvalidCriterionException(relative, FORMS + ": " + fixed + " is a fixed bound and " + relative
                    + " one against a baseline phase; keep one of them");
        }
        if (atMostRatio != null && atLeastRatio != null) {
            return new InvalidCriterionException("atLeastRatio", "give one ratio: atMostRatio or atLeastRatio, not both"
                    + " (a band is two criteria)");
        }
        if (ratio && baselinePhases == null) {
            return new InvalidCriterionException(atMostRatio != null ? "atMostRatio" : "atLeastRatio", "a ratio needs"
                    + " baselinePhases: the phase(s) whose figure it multiplies, e.g. baselinePhases: [2]");
        }
        if (baselinePhases != null && !ratio) {
            return new InvalidCriterionException("baselinePhases", "a baseline needs atMostRatio (an error rate, a"
                    + " latency) or atLeastRatio (a throughput): how far from its figure a judged phase may be");
        }
        return atMost == null && atLeast == null && !ratio ? new InvalidCriterionException(null, FORMS) : null;
    }

    @Override
    public String describe() {
        return "signal " + signal + " " + bound() + where();
    }

    private String bound() {
        if (baselinePhases != null) {
            return (highIsWorse() ? "at most " + Measure.number(atMostRatio) + " x its highest"
                    : "at least " + Measure.number(atLeastRatio) + " x its lowest") + " in "
                    + (baselinePhases.size() == 1 ? "phase " : "phases ") + String.join(", ", baselinePhases) + ",";
        }
        return atMost != null ? "at most " + Measure.significant(atMost) : "at least " + Measure.significant(atLeast);
    }

    /** Whether the bound is an upper one: a higher figure is worse. */
    private boolean highIsWorse() {
        return atMost != null || atMostRatio != null;
    }

    @Override
    public Optional<String> thin(RunSummary run, PhaseSummary phase) {
        Optional<SignalSummary> there = SignalEvidence.in(run, phase.index(), signal);
        if (there.isEmpty()) {
            return Optional.of(SignalEvidence.none(run, signal));
        }
        return there.get().measured() == 0 ? Optional.of("no sample of signal " + signal + " was read in it ("
                + there.get().lastError() + ")") : Optional.empty();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        if (baselinePhases == null) {
            double limit = atMost != null ? atMost : atLeast;
            return judge(run, judged, limit, bound(), "");
        }
        return againstBaseline(run, judged);
    }

    /**
     * Judged against the baseline phases' worst sample times the ratio; inconclusive when a baseline phase holds
     * no sample read (or its load was not valid, or it was not reached), failed when one names no phase.
     */
    private Verdict againstBaseline(RunSummary run, List<PhaseSummary> judged) {
        PhaseSelection baseline = PhaseSelection.of(baselinePhases);
        Verdict refused = baseline.refusal(describe(), run);
        if (refused != null) {
            return new Verdict(describe(), refused.status(), "baselinePhases: " + refused.measured());
        }
        PhaseSelection.Split split = baseline.split(run, phase -> notJudged(run, phase), phases -> "");
        if (!split.whys().isEmpty()) {
            return Verdict.inconclusive(describe(), "no baseline to judge against: " + String.join("; ", split.whys()));
        }
        List<SignalSummary> baselineRows = rows(run, split.judged());
        SignalSummary reference = worst(baselineRows);
        double figure = figure(reference);
        if (!Double.isFinite(figure)) {
            return Verdict.inconclusive(describe(), "no baseline to judge against: its figure in phase "
                    + reference.phase() + " is " + figure);
        }
        double ratio = highIsWorse() ? atMostRatio : atLeastRatio;
        double limit = ratio * figure;
        String bound = (highIsWorse() ? "at most " : "at least ") + Measure.significant(limit) + " = "
                + Measure.number(ratio) + " x " + Measure.significant(figure);
        return judge(run, judged, limit, bound, "; baseline: " + Measure.significant(figure) + ", the "
                + (highIsWorse() ? "highest" : "lowest") + " of "
                + baselineRows.stream().mapToInt(SignalSummary::measured).sum() + " sample(s) read in " + PhaseSelection.numbers(split.judged().stream().map(PhaseSummary::index)
                .toList()) + ", phase " + reference.phase() + "'s");
    }

    /** Each judged phase's worst sample held to {@code limit}, which {@code bound} words for the measure. */
    private Verdict judge(RunSummary run, List<PhaseSummary> judged, double limit, String bound, String baseline) {
        List<SignalSummary> rows = rows(run, judged);
        SignalSummary worst = worst(rows);
        List<Integer> beyond = rows.stream().filter(r -> !within(figure(r), limit)).map(SignalSummary::phase).toList();
        int samples = rows.stream().mapToInt(SignalSummary::measured).sum();
        int unread = rows.stream().mapToInt(r -> r.samples() - r.measured()).sum();
        Bound held = highIsWorse() ? Bound.atMost(limit, bound) : Bound.atLeast(limit, bound);
        Measure measure = Measure.count(figure(worst), "", held, samples, "samples read of signal " + signal
                + ", the worst in phase " + worst.phase());
        String detail = (beyond.isEmpty() ? "within in " + judged.size() + " phase(s)"
                : "beyond in " + PhaseSelection.numbers(beyond)) + (unread == 0 ? "" : "; " + unread + " sample(s) not read")
                + baseline;
        return Verdict.of(describe(), beyond.isEmpty(), measure, detail);
    }

    private List<SignalSummary> rows(RunSummary run, List<PhaseSummary> phases) {
        return phases.stream().map(p -> SignalEvidence.in(run, p.index(), signal).orElseThrow()).toList();
    }

    /** The row with the worst figure: the highest for an upper bound, the lowest for a lower one; NaN worst of all. */
    private SignalSummary worst(List<SignalSummary> rows) {
        Comparator<SignalSummary> worse = Comparator.comparingDouble(r -> highIsWorse() ? figure(r) : -figure(r));
        return rows.stream().reduce((a, b) -> Double.isNaN(figure(a)) || !Double.isNaN(figure(b))
                && worse.compare(a, b) >= 0 ? a : b).orElseThrow();
    }

    /** A phase's worst sample: its highest for an upper bound, its lowest for a lower one. */
    private double figure(SignalSummary row) {
        return highIsWorse() ? row.max() : row.min();
    }

    /** Whether {@code figure} is within {@code limit}; NaN never is. */
    private boolean within(double figure, double limit) {
        return highIsWorse() ? figure <= limit : figure >= limit;
    }
}
