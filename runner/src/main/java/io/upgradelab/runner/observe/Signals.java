package io.upgradelab.runner.observe;

import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.observe.signals.SignalReader;
import io.upgradelab.runner.observe.signals.SignalSpec;

/**
 * The team's own signals ({@code signals} in the experiment), one sample of each per round: a figure from its
 * Prometheus, or its endpoint's health. Nothing when the experiment declares none.
 */
public final class Signals implements Observer {

    private final SignalReader reader = new SignalReader();

    @Override
    public String name() {
        return "signals";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        for (SignalSpec signal : observed.signals()) {
            journal.append(reader.read(signal));
        }
    }
}
