package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/** The probe's calls succeeded at least {@code atLeastPercent} % of the time, in the phases named (or all). */
@JsonTypeName("probeSuccess")
public record ProbeSuccess(@JsonProperty(required = true) double atLeastPercent, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "probe success at least " + atLeastPercent + "%" + where();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        CallCounts calls = selected.stream().map(PhaseSummary::probe)
                .reduce(CallCounts.NONE, CallCounts::plus);
        if (calls.ended() == 0) {
            return new Verdict(describe(), false, "no probe call ended in them");
        }
        return new Verdict(describe(), 100.0 * calls.success() >= atLeastPercent * calls.ended(),
                calls.successPercent() + "% of " + calls.ended() + " calls succeeded");
    }
}
