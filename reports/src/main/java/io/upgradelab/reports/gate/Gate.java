package io.upgradelab.reports.gate;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SummaryText;
import io.upgradelab.reports.check.RegistryEvidence;
import io.upgradelab.reports.html.RunTimeline;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A run judged against a policy: the verdicts, written as JUnit XML, and the gate's answer: FAIL when
 * any criterion failed, else INCONCLUSIVE when any could not be decided, else PASS; a dry-run
 * criterion's verdict is recorded beside the others but never counts ({@link Verdict#dryRun}). Only a run that
 * ended can be judged: a journal without its runEnded line (a killed run) is a broken run, not a failed
 * one. A journal that reads but does not add up (edited, forged, or from a broken writer: {@link JournalAudit})
 * is judged with one more verdict, INCONCLUSIVE, naming each line that does not, after the run's completion.
 *
 * @param verdicts one per criterion, the run's completion first
 * @param junit    where the JUnit XML was written
 * @param failure  "The run failed in phase 7 (...): ...; nothing after it was measured.", said before any
 *                 criterion; "" for a run that completed
 */
public record Gate(List<Verdict> verdicts, Path junit, String failure) {

    /** The JUnit XML's name in a run directory, unless told otherwise. */
    public static final String JUNIT_NAME = "gate-junit.xml";

    /**
     * Judges the run in {@code run} (a run directory, or its journal file) by {@code policy}, the
     * criteria that compare doing so against the run in {@code baseline} (null: none; refused when a
     * criterion needs one); writes the JUnit XML to {@code junit}, or beside the journal when null,
     * never through a symbolic link nor over either journal (an {@link IllegalArgumentException}).
     */
    public static Gate judge(Path run, Policy policy, Path baseline, Path junit) {
        if (baseline == null && policy.needsBaseline()) {
            throw new IllegalArgumentException(Policy.BASELINE_NEEDED + ": give the baseline's run directory");
        }
        JournalFile journal = ended(run);
        RunSummary summary = RunSummaries.of(journal);
        JournalFile baselineJournal = baseline == null ? null : ended(baseline);
        RunSummary before = baselineJournal == null ? null : RunSummaries.of(baselineJournal);
        // the samples, read only for a criterion that judges from them (the baseline's where there is one)
        boolean samples = policy.readsSamples();
        RegistryEvidence registry = policy.readsRegistry() ? RegistryEvidence.of(journal) : null;
        List<Verdict> verdicts = new ArrayList<>(policy.judge(new Subject(summary, samples ? RunTimeline.of(journal) : null,
                before, samples && baselineJournal != null ? RunTimeline.of(baselineJournal) : null, registry)));
        // the audit's findings, after the run's completion and before the criteria (JournalAudit: inconclusive)
        List<Verdict> audits = new ArrayList<>();
        JournalAudit.verdict(journal, "").ifPresent(audits::add);
        if (baselineJournal != null) {
            JournalAudit.verdict(baselineJournal, "the baseline: ").ifPresent(audits::add);
        }
        verdicts.addAll(1, audits.stream().map(v -> v.over(summary.seconds()).about(Verdict.AUDIT, List.of())).toList());
        Path file = junit != null ? junit : journal.file().toAbsolutePath().getParent().resolve(JUNIT_NAME);
        List<Path> inputs = Stream.of(journal, baselineJournal).filter(Objects::nonNull).map(JournalFile::file).toList();
        JUnitReport.write(policy.name() == null ? "upgrade gate" : policy.name(), summary, verdicts, file, inputs);
        return new Gate(List.copyOf(verdicts), file, SummaryText.failureSentence(summary).orElse(""));
    }

    /** The journal of a run that ended; a killed run (no runEnded line) is refused. */
    private static JournalFile ended(Path run) {
        JournalFile journal = JournalFile.read(run);
        if (!journal.complete()) {
            throw new IllegalArgumentException(journal.file() + ": the run did not end (no runEnded line: it was"
                    + " killed or is still running); a broken run cannot be judged");
        }
        return journal;
    }

    /** FAIL when any verdict that decides failed, else INCONCLUSIVE when any is, else PASS: dry runs never count. */
    public Verdict.Status status() {
        return Verdict.Status.of(deciding().stream().map(Verdict::status).toList());
    }

    /** The verdicts that decide the gate: all but the dry runs', in the policy's order. */
    public List<Verdict> deciding() {
        return verdicts.stream().filter(Verdict::decides).toList();
    }

    /** The dry-run criteria's verdicts, in the policy's order: reported, never deciding. */
    public List<Verdict> dryRuns() {
        return verdicts.stream().filter(Verdict::dryRun).toList();
    }

    public boolean passed() {
        return status() == Verdict.Status.PASS;
    }

    /**
     * "all 9 criteria met", "7 of 9 criteria met, 2 inconclusive", "6 of 9 criteria met, 2 not met, 1
     * inconclusive": what the gate, {@code report --policy} and the reports' banner all say after the word;
     * dry runs are counted apart, after ("all 9 criteria met; dry run: 1 would FAIL"), never among the criteria.
     */
    public String summary() {
        List<Verdict> deciding = deciding();
        int all = deciding.size();
        long met = deciding.stream().filter(Verdict::passed).count();
        long failed = deciding.stream().filter(Verdict::failed).count();
        long inconclusive = deciding.stream().filter(Verdict::inconclusive).count();
        String dry = dryRunSummary();
        if (met == all) {
            return "all " + all + " criteria met" + dry;
        }
        return met + " of " + all + " criteria met" + (failed == 0 ? "" : ", " + failed + " not met")
                + (inconclusive == 0 ? "" : ", " + inconclusive + " inconclusive") + dry;
    }

    /** "; dry run: 1 would PASS, 1 would FAIL", or "" without dry-run criteria. */
    private String dryRunSummary() {
        List<String> counts = new ArrayList<>();
        for (Verdict.Status status : Verdict.Status.values()) {
            long n = dryRuns().stream().filter(v -> v.status() == status).count();
            if (n > 0) {
                counts.add(n + " would " + status);
            }
        }
        return counts.isEmpty() ? "" : "; dry run: " + String.join(", ", counts);
    }
}
