package io.upgradelab.runner.calibrate;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.experiment.Timeline.PlannedPhase;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.plan.FleetScale;
import java.util.List;
import java.util.Locale;

/**
 * Scales an experiment so that its steps stand where the published ones stood against the
 * capacity frontier of its first pair: the published run was stable at 6000 and 10000 providers on
 * 1.x and collapsed at 14000, so the fitted run puts its second-highest step on that pair under
 * the frontier measured here and its highest over it.
 *
 * <p>With the frontier between {@code F} (the last stable step) and {@code F'} (the first unstable
 * one), the scale {@code s} must satisfy {@code second * s <= F} and {@code top * s >= F'}; the fit
 * takes the middle of that interval. Where the calibration's steps are too coarse for both, it
 * keeps the lower steps stable ({@code s = F / second}) and says so.
 *
 * @param scale   the scale to run the experiment at
 * @param reason  how it was found, for the person and the journal
 */
public record Fit(double scale, String reason) {

    /** The fit of {@code valid} (loaded at scale 1) to {@code calibration}. */
    public static Fit of(ValidatedExperiment valid, Calibration calibration) {
        List<PlannedPhase> phases = valid.timeline().phases();
        CalibrationPlan.Pair first = phases.stream().map(CalibrationPlan::pairOf).flatMap(java.util.Optional::stream)
                .findFirst().orElseThrow(() -> LabException.invalidInput("the experiment registers no provider on a"
                        + " cluster of one version: nothing to fit"));
        Calibration.PairCapacity capacity = calibration.pair(first.server(), first.clients()).orElseThrow(() ->
                LabException.invalidInput("the calibration has no frontier for " + first + ": run upgrade-lab calibrate"
                        + " with --pairs " + first));
        List<Integer> ramps = phases.stream().filter(p -> "rampTo".equals(p.kind()))
                .filter(p -> CalibrationPlan.pairOf(p).filter(first::equals).isPresent())
                .map(PlannedPhase::providers).distinct().sorted().toList();
        if (ramps.size() < 2) {
            throw LabException.invalidInput("--fit needs at least two rampTo steps on " + first + " (one to stay under"
                    + " the frontier, one to go over it); the experiment has " + ramps);
        }
        int top = ramps.get(ramps.size() - 1);
        int second = ramps.get(ramps.size() - 2);
        int frontier = capacity.frontier();
        int unstable = capacity.firstUnstable();
        if (frontier == 0) {
            throw LabException.invalidInput(first + " held none of the calibration's steps (first: "
                    + (capacity.steps().isEmpty() ? "none measured" : capacity.steps().get(0).providers()) + "): calibrate"
                    + " with smaller --steps");
        }
        if (unstable == 0) {
            throw LabException.invalidInput(first + " held every step of the calibration up to " + frontier
                    + ", so its frontier is beyond: calibrate with larger --steps");
        }
        double low = (double) unstable / top;
        double high = (double) frontier / second;
        String where = first + " held " + frontier + " and not " + unstable + " in the calibration of "
                + calibration.created();
        if (low <= high) {
            double scale = (low + high) / 2;
            FleetScale fitted = new FleetScale(scale, 0);
            return new Fit(scale, where + "; scale " + format(scale) + " puts step " + second + " at "
                    + fitted.providers(second) + " (under) and step " + top + " at " + fitted.providers(top) + " (over)");
        }
        return new Fit(high, where + "; the calibration's steps are too coarse to put step " + top + " over "
                + unstable + " and step " + second + " under " + frontier + " at once: scale " + format(high)
                + " keeps the lower steps under the frontier (step " + top + " at " + new FleetScale(high, 0).providers(top) + ")");
    }

    private static String format(double scale) {
        return String.format(Locale.ROOT, "%.3f", scale);
    }
}
