package io.upgradelab.reports.gate;

/**
 * One criterion judged: passed or not, and what was measured (so a failure says by how much).
 *
 * @param criterion the criterion's description
 * @param measured  the figure as measured, e.g. "12 no-provider errors in phases 9, 13"
 */
public record Verdict(String criterion, boolean passed, String measured) {
}
