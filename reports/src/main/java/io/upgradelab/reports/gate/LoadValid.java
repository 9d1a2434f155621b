package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/**
 * The phases named (or all) measured Nacos, not the machine the lab ran on: none is flagged by its
 * {@link io.upgradelab.reports.LoadValidity load validity}, and every one was measured. A gate that
 * judges flapping or CPU on a phase whose load generator could not hold its load judges the
 * generator; this criterion says so instead.
 */
@JsonTypeName("loadValid")
public record LoadValid(List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "load valid (the generator and the machine were not the bottleneck)" + where();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        List<String> invalid = selected.stream().filter(p -> !p.load().valid())
                .map(p -> "phase " + p.index() + ": " + p.load().describe()).toList();
        return new Verdict(describe(), invalid.isEmpty(), invalid.isEmpty()
                ? selected.size() + " phase(s) with valid load" : String.join("; ", invalid));
    }
}
