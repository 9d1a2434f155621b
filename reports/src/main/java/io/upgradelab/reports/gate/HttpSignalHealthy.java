package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SignalSummary;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An endpoint of the team's own ({@code signals} in the experiment, kind {@code http}) answered healthy in at least
 * {@code atLeastPercent} % of its samples in each of the phases named (or every phase), judged phase by phase as
 * the probe's success is: an endpoint down for a minute of a long upgrade is not diluted by the hours around it.
 * An answer that did not come (refused, timed out) is an unhealthy sample; a phase without a sample is not judged.
 *
 * @param signal         the signal's name in the experiment
 * @param atLeastPercent the healthy samples' share each phase needs; 100 when not given
 */
@JsonTypeName("http")
public record HttpSignalHealthy(@JsonProperty(required = true) String signal,
                                Double atLeastPercent, List<String> phases) implements PhaseCriterion {

    public HttpSignalHealthy {
        atLeastPercent = atLeastPercent == null ? 100.0 : atLeastPercent;
    }

    @Override
    public String describe() {
        return "signal " + signal + " healthy at least " + Measure.number(atLeastPercent) + "%" + where();
    }

    @Override
    public Optional<String> thin(RunSummary run, PhaseSummary phase) {
        return SignalEvidence.in(run, phase.index(), signal).isPresent() ? Optional.empty()
                : Optional.of(SignalEvidence.none(run, signal));
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        List<SignalSummary> rows = judged.stream().map(p -> SignalEvidence.in(run, p.index(), signal).orElseThrow())
                .toList();
        SignalSummary worst = rows.stream().min(Comparator.comparingDouble(r -> (double) r.healthy() / r.samples()))
                .orElseThrow();
        List<Integer> under = rows.stream().filter(r -> 100.0 * r.healthy() < atLeastPercent * r.samples())
                .map(SignalSummary::phase).toList();
        Measure lowest = Measure.successRate(worst.healthy(), worst.samples(), Bound.atLeast(atLeastPercent,
                "at least " + Measure.number(atLeastPercent) + " %"), "samples of signal " + signal + " in phase " + worst.phase() + ", the lowest");
        String detail = under.isEmpty() ? "healthy in " + judged.size() + " phase(s)"
                : "under " + Measure.number(atLeastPercent) + "% in " + PhaseSelection.numbers(under)
                + (worst.lastError().isEmpty() ? "" : " (last: " + worst.lastError() + ")");
        return Verdict.of(describe(), under.isEmpty(), lowest, detail);
    }
}
