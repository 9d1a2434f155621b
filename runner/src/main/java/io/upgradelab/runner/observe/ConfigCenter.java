package io.upgradelab.runner.observe;

import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.observe.configs.LabConfigs;

/**
 * Nacos as the config store, where the experiment has a {@code configs} section: every observation
 * starts the listeners when they can listen, publishes the changes due, and checks every
 * node and listener ({@code configCheck} lines, which the gate's {@code configIntact} judges). It
 * checks at every observation rather than when a phase says so, so every step of a rolling upgrade
 * is checked (a step waits rounds for its node) without the phases knowing about configs.
 */
public final class ConfigCenter implements Observer {

    @Override
    public String name() {
        return "configs";
    }

    /** Every config on every node and listener: calls by the hundred a round. */
    @Override
    public boolean expensive() {
        return true;
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        observed.configs().ifPresent(configs -> observe(observed, configs, into.servesTwoX(), journal));
    }

    private static void observe(Observed observed, LabConfigs configs, boolean servesTwoX, Journal journal) {
        configs.listenWhenReady(observed.cluster(), servesTwoX);
        configs.publishDue(observed.cluster());
        journal.append(configs.check(observed.cluster()));
    }
}
