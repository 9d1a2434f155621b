package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Optional;

/**
 * The phases named (or all) measured Nacos, not the machine the lab ran on: none is flagged by its
 * {@link io.upgradelab.reports.LoadValidity load validity}, and every one was measured. A gate that
 * judges flapping or CPU on a phase whose load generator could not hold its load judges the
 * generator; this criterion says so instead. A phase whose load was not valid is the lab's limit, not
 * Nacos's failure: the criterion is then INCONCLUSIVE, never FAIL (and every other criterion leaves that
 * phase unjudged, {@link Evidence}).
 */
@JsonTypeName("loadValid")
public record LoadValid(List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "load valid (the generator and the machine were not the bottleneck)" + where();
    }

    /** It judges the load itself: every phase selected is judged here, none left out for its load. */
    @Override
    public Optional<String> notJudged(RunSummary run, PhaseSummary phase) {
        return Optional.empty();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        List<String> invalid = selected.stream().filter(p -> !p.load().valid())
                .map(p -> "phase " + p.index() + ": " + p.load().describe()).toList();
        Measure measure = Measure.count(invalid.size(), "phases flagged", Bound.noneAllowed(), selected.size(), "phases");
        return invalid.isEmpty() ? Verdict.of(describe(), true, measure, "")
                : Verdict.inconclusive(describe(), measure, String.join("; ", invalid));
    }
}
