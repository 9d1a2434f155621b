package io.upgradelab.runner.observe;

import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.journal.Journal;

/**
 * The fleet's own account: providers and clients per client version, registration failures, client
 * errors, the beats its 1.x clients really sent, its CPU and memory; and the live demo providers.
 * What they registered is what the nodes are expected to hold ({@link Observations#registered}).
 */
public final class FleetSeries implements Observer {

    @Override
    public String name() {
        return "fleet";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        try {
            FleetStatus status = observed.fleet().status();
            into.put(status);
            journal.append(FleetSample.of(status, observed.demoProviders().clientVersions(),
                    observed.demoProviders().alive()));
        } catch (LabException e) {
            journal.append(FleetSample.failed(e.getMessage()));
        } finally {   // once a round, answered or not: the last count the fleet gave stands
            into.registered(into.fleet().map(FleetStatus::totalProviders).orElse(0) + observed.demoProviders().alive());
        }
    }
}
