package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.FailureSignWarning;
import io.upgradelab.journal.SignsWatched;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * At most {@code atMost} known failure signs (a node's log line or a lasting state that Nacos issues
 * report, journalled as {@code failureSign} warnings) over the phases named (or all) together, of the
 * signs named (or all). Each warning counts once; a sign repeating within a minute on a node counts with
 * its warning. Only what the run watched is judged: a run that watched none of the signs named (a journal
 * from before the failure-sign observer; logs a backend does not keep), or that did not watch one named,
 * measured nothing, which is never a pass: the verdict is inconclusive. So is a phase before the one the
 * run's signsWatched line was journalled in (the observer says what it watches in its first round, in
 * set-up or early in phase 1), or every phase when that line comes in tear-down: signs watched only
 * outside a phase say nothing of it. A sign journalled in tear-down counts in the last phase
 * ({@link io.upgradelab.reports.RunSummaries}): tear-down's first round reads that phase's last lines.
 * The signs a policy names must be signs the lab knows ({@link io.upgradelab.journal.FailureSignWarning#SIGNS}):
 * a misspelt one would otherwise match no warning and pass; {@link PolicyFile} refuses it.
 */
@JsonTypeName("failureSigns")
public record FailureSigns(@JsonProperty(required = true) int atMost, List<String> signs, List<String> phases)
        implements PhaseCriterion {

    @Override
    public String describe() {
        return "failure signs" + (signs == null || signs.isEmpty() ? "" : " (" + String.join(", ", signs) + ")")
                + " at most " + atMost + together();
    }

    @Override
    public Optional<String> thin(RunSummary run, PhaseSummary phase) {
        if (run.signsWatched() == null || phase.index() >= run.signsWatchedFrom()) {
            return Optional.empty();
        }
        return Optional.of("failure signs not watched in it (the run watched them "
                + (run.signsWatchedFrom() == RunSummary.SIGNS_WATCHED_AFTER_THE_PHASES ? "only in tear-down, after every phase"
                : "from phase " + run.signsWatchedFrom() + " on") + ")");
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        SignsWatched watched = run.signsWatched();
        if (watched == null || watched.signs().isEmpty()) {
            return Verdict.inconclusive(describe(), "no failure sign was watched in this run: nothing measured"
                    + (watched == null ? " (its journal has no signsWatched line)" : ""));
        }
        List<String> unwatched = signs == null ? List.of()
                : signs.stream().filter(s -> !watched.signs().contains(s)).toList();
        if (!unwatched.isEmpty()) {
            return Verdict.inconclusive(describe(), "not watched in this run: " + String.join(", ", unwatched)
                    + " (watched: " + String.join(", ", watched.signs()) + ")"
                    + (watched.message() == null ? "" : "; " + watched.message()));
        }
        Map<String, Integer> seen = new TreeMap<>();
        selected.forEach(p -> of(p, signs).forEach(w -> seen.merge(w.sign() + " " + FailureSignWarning.where(w.node()) + " in phase "
                + p.index(), 1, Integer::sum)));
        int count = seen.values().stream().mapToInt(Integer::intValue).sum();
        String which = seen.entrySet().stream().map(e -> e.getKey() + (e.getValue() == 1 ? "" : " x" + e.getValue()))
                .collect(Collectors.joining(", "));
        return Verdict.of(describe(), count <= atMost, Measure.count(count, "failure signs", Bound.atMost(atMost),
                selected.size(), "phases watched"), which + (watched.message() == null ? ""
                : (which.isEmpty() ? "" : "; ") + watched.message()));
    }

    /** The warnings of {@code phase} of {@code signs} (all when none is named). */
    private static List<FailureSignWarning> of(PhaseSummary phase, List<String> signs) {
        return phase.failureSigns().stream().filter(w -> signs == null || signs.isEmpty() || signs.contains(w.sign()))
                .toList();
    }
}
