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

    /** {@code declared} providers as this run counts them. */
    public int providers(int declared) {
        return declared == 0 ? 0 : Math.max(1, (int) Math.round(declared * factor));
    }

    /** {@code declared} registrations per second, or the fleet's default where it is 0 (not given). */
    public double rate(double declared) {
        return declared > 0 ? declared : defaultRate;
    }
}
