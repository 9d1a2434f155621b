package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.RunSummary.ProbeOutcomes;
import java.util.List;

/** The probe's calls succeeded at least {@code atLeastPercent} % of the time, in the phases named (or all). */
@JsonTypeName("probeSuccess")
public record ProbeSuccess(@JsonProperty(required = true) double atLeastPercent, List<String> phases) implements Criterion {

    @Override
    public String describe() {
        return "probe success at least " + atLeastPercent + "%" + PhaseSelection.of(phases).describe();
    }

    @Override
    public Verdict judge(RunSummary run) {
        ProbeOutcomes calls = PhaseSelection.of(phases).of(run).stream().map(PhaseSummary::probe)
                .reduce(ProbeOutcomes.NONE, ProbeOutcomes::plus);
        return new Verdict(describe(), calls.successPercent() >= atLeastPercent,
                calls.successPercent() + "% of " + calls.scheduled() + " calls succeeded");
    }
}
