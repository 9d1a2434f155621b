package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;

/** The probe saw at most {@code atMost} "No provider available" errors in the phases named (or all). */
@JsonTypeName("noProviderErrors")
public record NoProviderErrors(@JsonProperty(required = true) long atMost, java.util.List<String> phases) implements Criterion {

    @Override
    public String describe() {
        return "no-provider errors at most " + atMost + PhaseSelection.of(phases).describe();
    }

    @Override
    public Verdict judge(RunSummary run) {
        PhaseSelection selection = PhaseSelection.of(phases);
        Verdict refused = selection.refusal(describe(), run);
        if (refused != null) {
            return refused;
        }
        long seen = selection.of(run).stream().mapToLong(p -> p.probe().noProvider()).sum();
        return new Verdict(describe(), seen <= atMost, seen + " no-provider errors");
    }
}
