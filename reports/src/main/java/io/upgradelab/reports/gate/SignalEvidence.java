package io.upgradelab.reports.gate;

import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SignalSummary;
import java.util.Optional;
import java.util.stream.Collectors;

/** Where the signal criteria find a signal's samples in a run, and what they say when it has none. */
final class SignalEvidence {

    private SignalEvidence() {
    }

    /** {@code signal}'s row of {@code phase}; empty when it was not sampled there. */
    static Optional<SignalSummary> in(RunSummary run, int phase, String signal) {
        return run.signals().stream().filter(s -> s.phase() == phase && s.signal().equals(signal)).findFirst();
    }

    /** "no sample of signal x in it (the run sampled: a, b)", or "(the run sampled no signal)". */
    static String none(RunSummary run, String signal) {
        String sampled = run.signals().stream().map(SignalSummary::signal).distinct().collect(Collectors.joining(", "));
        return "no sample of signal " + signal + " in it (the run sampled " + (sampled.isEmpty() ? "no signal: its"
                + " experiment declares none)" : sampled + ")");
    }
}
