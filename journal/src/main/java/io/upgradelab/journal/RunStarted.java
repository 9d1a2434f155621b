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
 * @param host     the machine the runner ran on, so a report says where its figures were measured;
 *                 null in journals written before it was recorded
 * @param toolVersion the lab's version that ran it (upgrade-lab's own); null in journals written before it
 *                 was recorded
 */
@LineType("runStarted")
public record RunStarted(int format, String experiment, String description, double scale, List<String> notes,
                         Object target, Object fleet, Object probe, long observeEverySeconds,
                         List<String> abortWhen, List<PlannedPhase> phases, long expectedSetUpSeconds,
                         long expectedSeconds, String runDirectory, String host, String toolVersion) {

    public RunStarted {
        format = format == 0 ? 1 : format;
        notes = notes == null ? List.of() : List.copyOf(notes);
        abortWhen = abortWhen == null ? List.of() : List.copyOf(abortWhen);
        phases = phases == null ? List.of() : List.copyOf(phases);
    }

    /** The first line as runs wrote it before they recorded their host and the lab's version. */
    public RunStarted(int format, String experiment, String description, double scale, List<String> notes,
                      Object target, Object fleet, Object probe, long observeEverySeconds, List<String> abortWhen,
                      List<PlannedPhase> phases, long expectedSetUpSeconds, long expectedSeconds, String runDirectory) {
        this(format, experiment, description, scale, notes, target, fleet, probe, observeEverySeconds, abortWhen,
                phases, expectedSetUpSeconds, expectedSeconds, runDirectory, null, null);
    }

    /** One phase of the plan: when it should start and how long it should take, at which fleet size and versions. */
    public record PlannedPhase(int index, String kind, String title, long expectedSeconds, long startSeconds,
                               int providers, List<String> nodeVersions) {
    }
}
