package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The probe saw at most {@code atMost} "No provider available" errors over the phases named (or all
 * phases) together: a budget for the whole span, so the figure names the phases that spent it. A phase
 * where no probe call ended, or whose probe seconds are missing, is not judged ({@link Evidence#probe}).
 */
@JsonTypeName("noProviderErrors")
public record NoProviderErrors(@JsonProperty(required = true) long atMost, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "no-provider errors at most " + atMost + together();
    }

    @Override
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.probe(phase);
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        long seen = judged.stream().mapToLong(p -> p.probe().noProvider()).sum();
        String where = judged.stream().filter(p -> p.probe().noProvider() > 0)
                .map(p -> "phase " + p.index() + ": " + p.probe().noProvider()).collect(Collectors.joining(", "));
        long calls = judged.stream().mapToLong(p -> p.probe().ended()).sum();
        return Verdict.of(describe(), seen <= atMost, Measure.count(seen, "no-provider errors", Bound.atMost(atMost), calls, "calls"),
                where);
    }
}
