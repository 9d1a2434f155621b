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

    /** Judges the run in {@code runDir} by {@code policy}; writes the JUnit XML to {@code junit}. */
    public static Gate judge(Path runDir, Policy policy, Path junit) {
        JournalFile journal = JournalFile.read(runDir);
        if (!journal.complete()) {
            throw new IllegalArgumentException(journal.file() + ": the run did not end (no runEnded line: it was"
                    + " killed or is still running); a broken run cannot be judged");
        }
        RunSummary run = RunSummaries.of(journal);
        List<Verdict> verdicts = policy.judge(run);
        JUnitReport.write(policy.name() == null ? "upgrade gate" : policy.name(), run.experiment(), verdicts, junit);
        return new Gate(verdicts, junit);
    }

    public boolean passed() {
        return verdicts.stream().allMatch(Verdict::passed);
    }
}
