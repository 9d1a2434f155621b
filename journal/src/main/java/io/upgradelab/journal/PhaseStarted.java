package io.upgradelab.journal;

/** A phase began; {@code index} is its number in the experiment, from 1. */
@LineType("phaseStarted")
public record PhaseStarted(int index, String kind, String title, long expectedSeconds) {

    /**
     * The kind of the rolling server upgrade phase: the runner names the phase by it, and the gate finds the
     * upgrade it judges by it ({@code upgradeWithin}).
     */
    public static final String ROLLING_SERVER_UPGRADE = "rollingServerUpgrade";
}
