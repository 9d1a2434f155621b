package io.upgradelab.journal;

/**
 * A wait of a phase ended because its condition held: how long the cluster took to get there is itself a
 * finding (e.g. upgraded=true after the last node's step).
 *
 * @param condition the condition's kind, e.g. {@code upgraded}
 * @param what      the wait, as the console said it
 * @param seconds   from the start of the wait
 */
@LineType("conditionHeld")
public record ConditionHeld(String condition, String what, double seconds) {
}
