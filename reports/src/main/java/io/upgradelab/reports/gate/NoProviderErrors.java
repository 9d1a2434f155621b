package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;

/** The probe saw at most {@code atMost} "No provider available" errors in the phases named (or all). */
@JsonTypeName("noProviderErrors")
public record NoProviderErrors(@JsonProperty(required = true) long atMost, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "no-provider errors at most " + atMost + where();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> selected) {
        long ended = selected.stream().mapToLong(p -> p.probe().ended()).sum();
        if (ended == 0) {
            return new Verdict(describe(), false, "no probe call ended in them: nothing measured");
        }
        long seen = selected.stream().mapToLong(p -> p.probe().noProvider()).sum();
        return new Verdict(describe(), seen <= atMost, seen + " no-provider errors");
    }
}
