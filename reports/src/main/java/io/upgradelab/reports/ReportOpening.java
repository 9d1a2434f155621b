package io.upgradelab.reports;

import io.upgradelab.journal.RunStarted;
import io.upgradelab.reports.gate.GateResult;
import java.util.List;
import java.util.Optional;

/**
 * What a report opens with, before any table, in the order a reader asks: which run it is
 * ({@link RunFacts}), did it pass ({@link GateResult}: the banner and the criteria that failed), did it
 * even complete ({@link RunSummary#failure()}), where it hurt most ({@link WorstPhase}) and what the
 * upgrade changed ({@link UpgradeChange}). The Markdown and the HTML report both render this one value,
 * so they cannot open differently.
 *
 * @param failure "The run failed in phase 7 (...): ...; nothing after it was measured.", or empty
 * @param worst   the worst phase; empty for a run without phases
 * @param changes before and after within the run; empty when it repeats nothing on its last versions
 */
public record ReportOpening(RunFacts facts, GateResult gate, Optional<String> failure, Optional<WorstPhase> worst,
                            List<UpgradeChange> changes) {

    public ReportOpening {
        changes = List.copyOf(changes);
    }

    /**
     * The opening of {@code run}, whose journal began with {@code started} (null when not at hand: its
     * host and versions are then not recorded), judged as {@code gate} says.
     */
    public static ReportOpening of(RunSummary run, RunStarted started, GateResult gate) {
        return new ReportOpening(RunFacts.of(run, started), gate, SummaryText.failureSentence(run), WorstPhase.of(run),
                UpgradeChange.of(run));
    }
}
