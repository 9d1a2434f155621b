package io.upgradelab.runner.observe;

import io.upgradelab.runner.journal.Journal;

/**
 * Nacos as the config store, where the experiment has a {@code configs} section: checks every node
 * and listener ({@code configCheck} lines, which the gate's {@code configIntact} judges). It checks at
 * observations rather than when a phase says so, so every step of a rolling upgrade is checked (a step
 * waits rounds for its node) without the phases knowing about configs. The check reads every config
 * from every node, so it is {@link #expensive() paced}; the changes it checks are published every round
 * by {@link ConfigChanges}, so pacing the check never slows the load the experiment asked for.
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

    /** After {@link ConfigChanges} of the same round. */
    @Override
    public int stage() {
        return 1;
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        observed.configs().ifPresent(configs -> journal.append(configs.check(observed.cluster())));
    }
}
