package io.upgradelab.journal;

/**
 * How long a step of the fleet took against its plan, journalled with it ({@link FleetScaled},
 * {@link ClientBatch}): a step past three times its plan and a minute was slow, and the report flags its
 * phase as load, since the lab did not drive the load at the pace it was asked for.
 *
 * @param seconds         how long it took
 * @param expectedSeconds how long it was planned to take
 * @param slow            true when slow; absent (null) otherwise, as the journal writes it
 */
public record FleetPace(double seconds, double expectedSeconds, Boolean slow) {

    /** The pace of a step that took {@code seconds} against {@code expectedSeconds}, slow past {@code slowAfter}. */
    public static FleetPace of(double seconds, double expectedSeconds, double slowAfter) {
        return new FleetPace(seconds, expectedSeconds, seconds > slowAfter ? Boolean.TRUE : null);
    }

    /** Whether the step was slow. */
    public boolean wasSlow() {
        return Boolean.TRUE.equals(slow);
    }
}
