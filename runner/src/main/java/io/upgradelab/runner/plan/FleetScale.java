package io.upgradelab.runner.plan;

/**
 * How an experiment's declared fleet figures become the ones a run uses: provider counts times the
 * experiment's {@code scale} (at least 1 unless 0), and a phase's registration rate, where it names
 * none, the fleet's {@code rampRate}. One rule, applied once when the plan is made
 * ({@link io.upgradelab.runner.phase.Phase#resolve}); the engine runs what it gives.
 *
 * @param factor      the experiment's scale
 * @param defaultRate the fleet's rampRate, registrations per second
 */
public record FleetScale(double factor, double defaultRate) {

    /** Nothing scaled: what a resolved phase plans and runs with. */
    public static FleetScale none(double defaultRate) {
        return new FleetScale(1, defaultRate);
    }

    /** The largest scale, in a file or --scale: the schema's scale maximum. */
    public static final double MAX_FACTOR = 1000;

    /** The most providers a run takes, scaled: beyond it a count is a typo, and far from int's end. */
    public static final int MAX_PROVIDERS = 1_000_000;

    /**
     * {@code declared} providers as this run counts them; a count beyond {@link #MAX_PROVIDERS} is
     * given as {@code MAX_PROVIDERS + 1}, never wrapped around, for the plan to refuse.
     */
    public int providers(int declared) {
        if (declared == 0) {
            return 0;
        }
        long scaled = Math.round(declared * factor);
        return scaled > MAX_PROVIDERS ? MAX_PROVIDERS + 1 : Math.max(1, (int) scaled);
    }

    /** {@code declared} registrations per second, or the fleet's default where it is 0 (not given). */
    public double rate(double declared) {
        return declared > 0 ? declared : defaultRate;
    }
}
