package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/**
 * Which phases a criterion looks at: all of them when none is named, else those named by number
 * (as the report numbers them, from 1) or by kind (e.g. rollingServerUpgrade).
 */
record PhaseSelection(List<String> names) {

    static PhaseSelection of(List<String> names) {
        return new PhaseSelection(names == null ? List.of() : List.copyOf(names));
    }

    List<PhaseSummary> of(RunSummary run) {
        return run.phases().stream().filter(this::includes).toList();
    }

    private boolean includes(PhaseSummary phase) {
        return names.isEmpty() || names.contains(String.valueOf(phase.index())) || names.contains(phase.kind());
    }

    /** " in phases 9, 13" / " in every phase" */
    String describe() {
        return names.isEmpty() ? " in every phase" : " in phases " + String.join(", ", names);
    }
}
