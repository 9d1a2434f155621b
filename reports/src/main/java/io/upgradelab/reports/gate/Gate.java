package io.upgradelab.reports.gate;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import java.nio.file.Path;
import java.util.List;

/**
 * A run judged against a policy: the verdicts, written as JUnit XML. Only a run that ended can be
 * judged: a journal without its runEnded line (a killed run) is a broken run, not a failed one.
 *
 * @param verdicts one per criterion, the run's completion first
 * @param junit    where the JUnit XML was written
 */
public record Gate(List<Verdict> verdicts, Path junit) {

    /** The JUnit XML's name in a run directory, unless told otherwise. */
    public static final String JUNIT_NAME = "gate-junit.xml";

    /**
     * Judges the run in {@code run} (a run directory, or its journal file) by {@code policy}; writes
     * the JUnit XML to {@code junit}, or beside the journal when it is null.
     */
    public static Gate judge(Path run, Policy policy, Path junit) {
        JournalFile journal = JournalFile.read(run);
        if (!journal.complete()) {
            throw new IllegalArgumentException(journal.file() + ": the run did not end (no runEnded line: it was"
                    + " killed or is still running); a broken run cannot be judged");
        }
        RunSummary summary = RunSummaries.of(journal);
        List<Verdict> verdicts = policy.judge(summary);
        Path file = junit != null ? junit : journal.file().toAbsolutePath().getParent().resolve(JUNIT_NAME);
        JUnitReport.write(policy.name() == null ? "upgrade gate" : policy.name(), summary.experiment(), verdicts, file);
        return new Gate(verdicts, file);
    }

    public boolean passed() {
        return verdicts.stream().allMatch(Verdict::passed);
    }
}
