package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.FigureShift;
import io.upgradelab.reports.FigureShift.Judgement;
import io.upgradelab.reports.RunComparison;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SummaryText;
import io.upgradelab.reports.html.RunTimeline;
import io.upgradelab.reports.stats.LocationShift;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * No figure of the phases named (or every phase) worse than in a baseline run (the gate's
 * {@code --baseline}), judged from the two runs' samples as {@code compare} judges them
 * ({@link FigureShift}): Kayenta's way, a figure is worse only when its shift's confidence interval
 * leaves out 0, the Mann-Whitney test agrees, and the shift is at least the figure's minimum effect.
 * Why beside {@code cpuAgainstBaseline}: one mean per run cannot tell an upgrade's cost from the noise
 * between two runs of one experiment; the samples can, and say how sure they are. {@code figures}
 * selects families among {@link FigureShift#FAMILIES} (p99, success, cpu, instances; none: all).
 *
 * <p>FAIL when a selected figure of a judged phase is WORSE, each named with its shift, interval,
 * minimum effect, sample sizes and p. INCONCLUSIVE when every selected figure of the judged phases has too
 * few samples ({@link Judgement#THIN}) or no phase pairs with the baseline's; also, as for every criterion
 * judged in phases, when none is worse but a selected phase could not be judged (no counterpart in the
 * baseline, its load not valid in either run, or not reached). PASS otherwise, saying how many figures
 * were the same, better, or too thin to judge, and the one nearest to its minimum effect.
 *
 * <p>With {@code noise}, this machine's noise floor per family ({@code upgrade-lab noise}: the largest
 * shift between two repeats of one experiment with nothing changed), a worse figure within its floor is
 * not a FAIL but INCONCLUSIVE, and so is a pass where a family's minimum effect is under its floor: the
 * lab cannot tell a change that small from its own noise, and says so rather than pass or fail on it.
 *
 * @param figures the families judged (null: all)
 * @param phases  the phases judged, by number or kind (null: all)
 * @param noise   the noise floor per family, in the figures' units (null: none known)
 */
@JsonTypeName("baseline")
public record Baseline(List<String> figures, List<String> phases, Map<String, Double> noise) implements Criterion {

    /** Without a noise floor. */
    public Baseline(List<String> figures, List<String> phases) {
        this(figures, phases, null);
    }

    /** At most this many figures are named in a verdict's list of thin ones; the rest are counted. */
    private static final int NAMED_AT_MOST = 5;

    @Override
    public String describe() {
        return "no figure (" + String.join(", ", families()) + ") worse than the baseline's by its minimum effect"
                + PhaseSelection.of(phases).describe();
    }

    @Override
    public boolean needsBaseline() {
        return true;
    }

    @Override
    public boolean readsSamples() {
        return true;
    }

    @Override
    public double seconds(RunSummary run) {
        return PhaseSelection.of(phases).seconds(run);
    }

    @Override
    public Verdict judge(Subject subject) {
        if (subject.baseline() == null) {
            return Verdict.inconclusive(describe(), "no baseline run to compare with (give the gate --baseline RUN_DIR)");
        }
        if (subject.timeline() == null || subject.baselineTimeline() == null) {
            return Verdict.inconclusive(describe(), "the runs' samples are not at hand (it judges their journals)");
        }
        RunSummary run = subject.run();
        RunSummary baseline = subject.baseline();
        RunTimeline timeline = subject.timeline();
        RunTimeline baselineTimeline = subject.baselineTimeline();
        PhaseSelection selection = PhaseSelection.of(phases);
        Verdict refused = selection.refusal(describe(), run);
        if (refused != null) {
            return refused;
        }
        PhaseSelection.Split split = selection.split(run, after -> {
            PhaseSummary before = RunComparison.counterpart(after, baseline);
            return before == null ? Optional.of("no counterpart in the baseline run")
                    : Evidence.load(after).or(() -> Evidence.load(before).map(l -> "the baseline's " + l));
        }, phases -> "");
        List<Integer> judged = split.judged().stream().map(PhaseSummary::index).toList();
        String notJudged = split.notJudged();
        Set<String> families = Set.copyOf(families());
        List<FigureShift> shifts = FigureShift.of(RunComparison.of(baseline, run), baselineTimeline, timeline).stream()
                .filter(f -> judged.contains(f.phase()) && families.contains(f.family())).toList();
        List<FigureShift> measured = shifts.stream().filter(f -> f.judgement() != Judgement.THIN).toList();
        if (measured.isEmpty()) {
            String why = judged.isEmpty() ? "no phase selected pairs with the baseline's and can be judged"
                    : shifts.isEmpty() ? "no selected figure in the samples of " + PhaseSelection.numbers(judged)
                    : "every selected figure has too few samples (under " + LocationShift.MIN_SAMPLES
                    + " a side, or too few for a " + percent() + " interval): " + thin(shifts);
            return Verdict.inconclusive(describe(), why + (notJudged.isEmpty() ? "" : "; " + notJudged));
        }
        List<FigureShift> worse = shifts.stream().filter(f -> f.judgement() == Judgement.WORSE).toList();
        List<FigureShift> beyondNoise = worse.stream().filter(f -> !withinNoise(f)).toList();
        if (!beyondNoise.isEmpty()) {
            return new Verdict(describe(), Verdict.Status.FAIL, "worse: " + beyondNoise.stream().map(this::line)
                    .collect(Collectors.joining("; ")) + "; " + tally(shifts), 0, false, measure(beyondNoise.get(0)))
                    .noting(notJudged);
        }
        if (!worse.isEmpty()) {
            return new Verdict(describe(), Verdict.Status.INCONCLUSIVE, "worse, but within this machine's noise: "
                    + worse.stream().map(this::line).collect(Collectors.joining("; ")) + "; " + tally(shifts), 0, false,
                    measure(worse.get(0)));
        }
        FigureShift nearest = measured.stream().max(Comparator.comparingDouble(Baseline::towardWorse))
                .orElseThrow();
        String passed = "none worse, " + tally(shifts) + "; nearest its minimum effect: " + line(nearest);
        List<String> unseen = unseenEffects(measured);
        Verdict pass = new Verdict(describe(), Verdict.Status.PASS, passed, 0, false, measure(nearest));
        if (!unseen.isEmpty()) {
            return pass.inconclusiveBecause("the lab cannot see effects this small here: " + String.join("; ", unseen));
        }
        if (!notJudged.isEmpty()) {
            return pass.inconclusiveBecause(notJudged);
        }
        return pass;
    }

    /**
     * The figure a verdict turned on as a {@link Measure}: its shift, bounded by its minimum effect, with the
     * shift's interval and both sides' samples. Its line ({@link #line}) says the same in words.
     */
    private static Measure measure(FigureShift f) {
        LocationShift s = f.shift();
        Bound minimumEffect = Bound.words("minimum effect " + SummaryText.number(f.minEffect()) + ", " + f.worseWhen()
                + " is worse");
        return new Measure(s.estimate(), "", minimumEffect, new Measure.Interval(s.low(), s.high(), "Hodges-Lehmann, Mann-Whitney"),
                (long) s.before() + s.after(), "samples of phase " + f.phase() + " " + f.figure() + ", before and after");
    }

    /** Whether {@code f} moved no more than its family's noise floor. */
    private boolean withinNoise(FigureShift f) {
        Double floor = noise == null ? null : noise.get(f.family());
        return floor != null && Math.abs(f.shift().estimate()) <= floor;
    }

    /**
     * "cpu: minimum effect 5 under the noise floor 11.2": each judged family whose smallest minimum effect is
     * under its floor, where a change as large as the effect asked for would not be seen.
     */
    private List<String> unseenEffects(List<FigureShift> measured) {
        if (noise == null) {
            return List.of();
        }
        List<String> unseen = new ArrayList<>();
        for (String family : families()) {
            Double floor = noise.get(family);
            measured.stream().filter(f -> f.family().equals(family)).mapToDouble(FigureShift::minEffect).min()
                    .ifPresent(min -> {
                        if (floor != null && min < floor) {
                            unseen.add(family + ": minimum effect " + SummaryText.number(min) + " under the noise floor "
                                    + SummaryText.number(floor) + " (repeats here differ by that much)");
                        }
                    });
        }
        return unseen;
    }

    /** The families judged: those named, or all. */
    private List<String> families() {
        return figures == null ? FigureShift.FAMILIES : figures;
    }

    /**
     * "phase 9 CPU node 2 %: +20.3 [95 % +18.1, +22.5], minimum effect 10 (higher is worse), n 60 / 58, p 0.000123":
     * the value, the threshold, the interval and the sample sizes, as every verdict line shows them.
     */
    private String line(FigureShift f) {
        LocationShift s = f.shift();
        Double floor = noise == null ? null : noise.get(f.family());
        return "phase " + f.phase() + " " + f.figure() + ": " + SummaryText.signed(s.estimate()) + " [" + percent() + " "
                + SummaryText.signed(s.low()) + ", " + SummaryText.signed(s.high()) + "], minimum effect " + SummaryText.number(f.minEffect())
                + (floor == null ? "" : ", noise floor " + SummaryText.number(floor))
                + " (" + f.worseWhen() + " is worse), n " + s.before() + " / " + s.after() + ", p "
                + String.format(Locale.ROOT, "%.3g", s.pValue());
    }

    /** "of 40 figures: 2 worse, 30 same, 5 better, 3 too thin to judge". */
    private static String tally(List<FigureShift> shifts) {
        List<String> counts = new ArrayList<>();
        for (Judgement judgement : Judgement.values()) {
            long n = shifts.stream().filter(f -> f.judgement() == judgement).count();
            if (n > 0) {
                counts.add(n + " " + (judgement == Judgement.THIN ? "too thin to judge (" + thin(shifts) + ")"
                        : judgement.word()));
            }
        }
        return "of " + shifts.size() + " figures: " + String.join(", ", counts);
    }

    /** "phase 3 CPU node 1 % n 2 / 2, ... and 4 more": the figures too thin to judge, with their sample sizes. */
    private static String thin(List<FigureShift> shifts) {
        List<FigureShift> thin = shifts.stream().filter(f -> f.judgement() == Judgement.THIN).toList();
        String named = thin.stream().limit(NAMED_AT_MOST).map(f -> "phase " + f.phase() + " " + f.figure() + " n "
                + f.before() + " / " + f.after()).collect(Collectors.joining(", "));
        return thin.size() > NAMED_AT_MOST ? named + " and " + (thin.size() - NAMED_AT_MOST) + " more" : named;
    }

    /** How far a figure moved toward worse, in its minimum effects (the minimum effect is at least 1). */
    private static double towardWorse(FigureShift f) {
        double estimate = f.shift().estimate();
        return ("higher".equals(f.worseWhen()) ? estimate : -estimate) / f.minEffect();
    }

    private static String percent() {
        return Math.round(FigureShift.CONFIDENCE * 100) + " %";
    }
}
