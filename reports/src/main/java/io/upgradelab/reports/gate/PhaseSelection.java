package io.upgradelab.reports.gate;

import io.upgradelab.journal.RunStarted.PlannedPhase;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which phases a criterion looks at: all of them when none is named, else those named by number
 * (as the report numbers them, from 1) or by kind (e.g. rollingServerUpgrade). A name that matches
 * no phase of the run, nor of its plan, fails the criterion: a typo must not turn a check into a pass.
 * A name of a planned phase the run did not reach (it stopped before) is not a typo: that phase was
 * not measured ({@link #unreached}).
 */
record PhaseSelection(List<String> names) {

    static PhaseSelection of(List<String> names) {
        return new PhaseSelection(names == null ? List.of() : List.copyOf(names));
    }

    List<PhaseSummary> of(RunSummary run) {
        return run.phases().stream().filter(p -> includes(p.index(), p.kind())).toList();
    }

    /** The time of the phases selected in {@code run}, a criterion's JUnit test case's time; 0 for none. */
    double seconds(RunSummary run) {
        return of(run).stream().mapToDouble(PhaseSummary::seconds).sum();
    }

    /** The planned phases selected that the run has no summary of: it stopped before them. */
    List<PlannedPhase> unreached(RunSummary run) {
        return run.planned().stream().filter(p -> includes(p.index(), p.kind()))
                .filter(p -> run.phases().stream().noneMatch(r -> r.index() == p.index())).toList();
    }

    /**
     * A failing verdict when a name matches no phase of {@code run} nor of its plan; an inconclusive one
     * when nothing is selected (a run without phases); else null.
     */
    Verdict refusal(String criterion, RunSummary run) {
        List<String> unmatched = names.stream().filter(n -> run.phases().stream()
                .noneMatch(p -> names(n, p.index(), p.kind())) && run.planned().stream()
                .noneMatch(p -> names(n, p.index(), p.kind()))).toList();
        if (!unmatched.isEmpty()) {
            return new Verdict(criterion, false, "no phase of the run is " + String.join(", ", unmatched)
                    + " (phases are named by their number in the report, from 1, or by kind)");
        }
        return of(run).isEmpty() && unreached(run).isEmpty()
                ? Verdict.inconclusive(criterion, "the run has no phase to judge: nothing measured") : null;
    }

    private boolean includes(int index, String kind) {
        return names.isEmpty() || names.stream().anyMatch(n -> names(n, index, kind));
    }

    /** Whether {@code name} names the phase numbered {@code index} (from 1) of {@code kind}. */
    static boolean names(String name, int index, String kind) {
        return name.equals(String.valueOf(index)) || name.equals(kind);
    }

    /**
     * The phases selected in {@code run}, split into those a criterion judges and, for the others, why
     * not: {@code notJudged} gives a phase's reason (empty: judged) and {@code there} what the criterion
     * would have measured in the phases left out for one reason (" (there: ...)", or ""); the planned
     * phases the run did not reach come last. One split for every criterion judged in phases, so each
     * says "not judged" the same way.
     */
    Split split(RunSummary run, Function<PhaseSummary, Optional<String>> notJudged,
                Function<List<PhaseSummary>, String> there) {
        Map<String, List<PhaseSummary>> unjudged = new LinkedHashMap<>();   // phases by why, in the order first met
        List<PhaseSummary> judged = new ArrayList<>();
        for (PhaseSummary phase : of(run)) {
            notJudged.apply(phase).ifPresentOrElse(why -> unjudged.computeIfAbsent(why, w -> new ArrayList<>()).add(phase),
                    () -> judged.add(phase));
        }
        List<String> whys = new ArrayList<>();
        unjudged.forEach((why, phases) -> whys.add(numbers(phases.stream().map(PhaseSummary::index).toList()) + ": "
                + why + there.apply(phases)));
        List<Integer> unreached = unreached(run).stream().map(PlannedPhase::index).toList();
        if (!unreached.isEmpty()) {
            whys.add(notReached(unreached));
        }
        return new Split(judged, whys);
    }

    /**
     * The phases a criterion judges, and why each of the others selected was not judged.
     *
     * @param judged the phases with valid load and enough evidence, in the run's order
     * @param whys   "phase 2: load flagged: ...", "phases 9-14: not reached, ...": one per reason
     */
    record Split(List<PhaseSummary> judged, List<String> whys) {

        /** "not judged: phase 2: ...; phases 9-14: ..."; "" when every phase selected was judged. */
        String notJudged() {
            return whys.isEmpty() ? "" : "not judged: " + String.join("; ", whys);
        }
    }

    /** "phases 9-14: not reached, the run stopped before it": planned phases the run has no summary of. */
    static String notReached(List<Integer> indexes) {
        return numbers(indexes) + ": not reached, the run stopped before it";
    }

    /** "phase 9", "phases 1-5, 7, 9-12": phase numbers, ascending, runs of consecutive ones as ranges. */
    static String numbers(List<Integer> indexes) {
        List<Integer> sorted = indexes.stream().sorted().toList();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            int first = sorted.get(i);
            while (i + 1 < sorted.size() && sorted.get(i + 1) == sorted.get(i) + 1) {
                i++;
            }
            parts.add(first == sorted.get(i) ? String.valueOf(first) : first + "-" + sorted.get(i));
        }
        return (sorted.size() == 1 ? "phase " : "phases ") + String.join(", ", parts);
    }

    /** " in phases 9, 13" / " in every phase": for a criterion that judges each phase on its own. */
    String describe() {
        return names.isEmpty() ? " in every phase" : " in phases " + String.join(", ", names);
    }

    /** " over phases 9, 13" / " over all phases": for a criterion that counts over the phases together. */
    String describeTogether() {
        return names.isEmpty() ? " over all phases" : " over phases " + String.join(", ", names);
    }
}
