package io.upgradelab.journal;

/** A phase began; {@code index} is its number in the experiment, from 1. */
@LineType("phaseStarted")
public record PhaseStarted(int index, String kind, String title, long expectedSeconds) {
}
