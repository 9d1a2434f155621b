package io.upgradelab.runner.observe;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.observe.configs.LabConfigs;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.observe.signals.SignalSpec;
import java.util.List;
import java.util.Optional;

/**
 * What a run's observers watch: the cluster, the fleet, the demo providers, the probe, the
 * configs the lab keeps in the cluster (empty when the experiment has no {@code configs} section), and
 * the team's own signals (its {@code signals}).
 */
public record Observed(Backend cluster, Fleet fleet, DemoProviders demoProviders, Probe probe,
                       Optional<LabConfigs> configs, List<SignalSpec> signals) {

    public Observed {
        signals = signals == null ? List.of() : List.copyOf(signals);
    }

    /** What a run watches without signals of the team's own. */
    public Observed(Backend cluster, Fleet fleet, DemoProviders demoProviders, Probe probe, Optional<LabConfigs> configs) {
        this(cluster, fleet, demoProviders, probe, configs, List.of());
    }
}
