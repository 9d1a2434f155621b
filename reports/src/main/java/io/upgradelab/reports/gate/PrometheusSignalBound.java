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
 * A figure of the team's own Prometheus ({@code signals} in the experiment, kind {@code prometheus}) held within a
 * bound in every sample of the phases named (or every phase): {@code atMost} (an error rate, a latency) or
 * {@code atLeast} (a throughput). The team judges the upgrade by what it already watches. The figure is the worst
 * sample; a phase without a sample read of it is not judged ({@link Evidence}), so a signal that could not be read
 * never passes.
 *
 * @param signal  the signal's name in the experiment
 * @param atMost  the highest a sample may be; null when {@code atLeast} bounds it
 * @param atLeast the lowest a sample may be; null when {@code atMost} bounds it
 */
@JsonTypeName("prometheus")
public record PrometheusSignalBound(@JsonProperty(required = true) String signal, Double atMost, Double atLeast,
                                    List<String> phases) implements PhaseCriterion {

    public PrometheusSignalBound {
        if ((atMost == null) == (atLeast == null)) {
            throw new IllegalArgumentException("give one bound: atMost or atLeast");
        }
    }

    @Override
    public String describe() {
        return "signal " + signal + " " + bound() + where();
    }

    private String bound() {
        return atMost != null ? "at most " + Measure.number(atMost) : "at least " + Measure.number(atLeast);
    }

    @Override
    public Optional<String> thin(RunSummary run, PhaseSummary phase) {
        Optional<SignalSummary> there = SignalEvidence.in(run, phase.index(), signal);
        if (there.isEmpty()) {
            return Optional.of(SignalEvidence.none(run, signal));
        }
        return there.get().measured() == 0 ? Optional.of("no sample of signal " + signal + " was read in it ("
                + there.get().lastError() + ")") : Optional.empty();
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        List<SignalSummary> rows = judged.stream().map(p -> SignalEvidence.in(run, p.index(), signal).orElseThrow())
                .toList();
        SignalSummary worst = atMost != null ? rows.stream().max(Comparator.comparingDouble(SignalSummary::max)).orElseThrow()
                : rows.stream().min(Comparator.comparingDouble(SignalSummary::min)).orElseThrow();
        double value = atMost != null ? worst.max() : worst.min();
        List<Integer> beyond = rows.stream().filter(r -> atMost != null ? r.max() > atMost : r.min() < atLeast)
                .map(SignalSummary::phase).toList();
        int samples = rows.stream().mapToInt(SignalSummary::measured).sum();
        int unread = rows.stream().mapToInt(r -> r.samples() - r.measured()).sum();
        Measure measure = Measure.count(value, "", bound(), samples, "samples read of signal " + signal
                + ", the worst in phase " + worst.phase());
        String detail = (beyond.isEmpty() ? "within in " + judged.size() + " phase(s)"
                : "beyond in " + PhaseSelection.numbers(beyond)) + (unread == 0 ? "" : "; " + unread + " sample(s) not read");
        return Verdict.of(describe(), beyond.isEmpty(), measure, detail);
    }
}
