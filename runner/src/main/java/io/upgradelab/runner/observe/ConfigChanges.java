package io.upgradelab.runner.observe;

import io.upgradelab.runner.journal.Journal;

/**
 * The configs' side of the load, where the experiment has a {@code configs} section: every round it
 * starts the listeners once they can listen and publishes the changes due ({@code changeEvery}). Cheap
 * (a few calls a round) and apart from the check ({@link ConfigCenter}), so the changes keep their
 * pace however often the check runs.
 */
public final class ConfigChanges implements Observer {

    @Override
    public String name() {
        return "configChanges";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        observed.configs().ifPresent(configs -> {
            configs.listenWhenReady(observed.cluster(), into.servesTwoX());
            configs.publishDue(observed.cluster());
        });
    }
}
