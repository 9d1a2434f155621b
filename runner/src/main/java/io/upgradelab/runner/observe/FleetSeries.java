package io.upgradelab.runner.observe;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.FleetStatus;
import io.upgradelab.runner.journal.Journal;
import java.util.Map;

/**
 * The fleet's own account: providers and clients per generation, registration failures, client
 * errors, the beats its 1.x clients really sent, its CPU and memory; and the live demo providers.
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
            journal.append("sample", Map.of("observer", name(), "fleet", status,
                    "demoProviders", observed.demoProviders().generations(),
                    "demoProvidersAlive", observed.demoProviders().alive()));
        } catch (LabException e) {
            journal.append("sample", Map.of("observer", name(), "error", e.getMessage()));
        }
    }
}
