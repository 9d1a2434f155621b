package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/**
 * Which phases a criterion looks at: all of them when none is named, else those named by number
 * (as the report numbers them, from 1) or by kind (e.g. rollingServerUpgrade). A name that matches
 * no phase of the run fails the criterion: a typo must not turn a check into a pass.
 */
record PhaseSelection(List<String> names) {

    static PhaseSelection of(List<String> names) {
        return new PhaseSelection(names == null ? List.of() : List.copyOf(names));
    }

    List<PhaseSummary> of(RunSummary run) {
        return run.phases().stream().filter(this::includes).toList();
    }

    /** A failing verdict when a name matches no phase of {@code run}, or nothing is selected; else null. */
    Verdict refusal(String criterion, RunSummary run) {
        List<String> unmatched = names.stream().filter(n -> run.phases().stream()
                .noneMatch(p -> names(n, p.index(), p.kind()))).toList();
        if (!unmatched.isEmpty()) {
            return new Verdict(criterion, false, "no phase of the run is " + String.join(", ", unmatched)
                    + " (phases are named by their number in the report, from 1, or by kind)");
        }
        return of(run).isEmpty() ? new Verdict(criterion, false, "the run has no phase to judge") : null;
    }

    private boolean includes(PhaseSummary phase) {
        return names.isEmpty() || names.stream().anyMatch(n -> names(n, phase.index(), phase.kind()));
    }

    /** Whether {@code name} names the phase numbered {@code index} (from 1) of {@code kind}. */
    static boolean names(String name, int index, String kind) {
        return name.equals(String.valueOf(index)) || name.equals(kind);
    }

    /** " in phases 9, 13" / " in every phase" */
    String describe() {
        return names.isEmpty() ? " in every phase" : " in phases " + String.join(", ", names);
    }
}
