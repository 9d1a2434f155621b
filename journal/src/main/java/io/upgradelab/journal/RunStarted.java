package io.upgradelab.journal;

import java.util.List;

/**
 * The journal's first line: the experiment as validated and planned, so a report needs nothing but
 * the journal.
 *
 * @param format   the journal format ({@link JournalJson#FORMAT}); journals written before it was
 *                 recorded read as 1
 * @param target   the experiment's {@code target}, {@code fleet} and {@code probe} sections as bound
 * @param phases   the plan, phase by phase
 */
@LineType("runStarted")
public record RunStarted(int format, String experiment, String description, double scale, List<String> notes,
                         Object target, Object fleet, Object probe, long observeEverySeconds,
                         List<String> abortWhen, List<PlannedPhase> phases, long expectedSetUpSeconds,
                         long expectedSeconds, String runDirectory) {

    public RunStarted {
        format = format == 0 ? 1 : format;
        notes = notes == null ? List.of() : List.copyOf(notes);
        abortWhen = abortWhen == null ? List.of() : List.copyOf(abortWhen);
        phases = phases == null ? List.of() : List.copyOf(phases);
    }

    /** One phase of the plan: when it should start and how long it should take, at which fleet size and versions. */
    public record PlannedPhase(int index, String kind, String title, long expectedSeconds, long startSeconds,
                               int providers, List<String> nodeVersions) {
    }
}
