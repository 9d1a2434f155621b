package io.upgradelab.journal;

/**
 * The experiment's abort condition held, and the run stops its phases here: the line says which
 * condition and why, so the report can tell an abort from a failure.
 *
 * @param condition the condition's kind, e.g. {@code probeFailing}
 * @param reason    what it saw
 */
@LineType("abort")
public record Abort(String condition, String reason) {
}
