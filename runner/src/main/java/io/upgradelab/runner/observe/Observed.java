package io.upgradelab.runner.observe;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.observe.configs.LabConfigs;
import io.upgradelab.runner.probe.Probe;
import java.util.Optional;

/**
 * What a run's observers watch: the cluster, the fleet, the demo providers, the probe, and the
 * configs the lab keeps in the cluster (empty when the experiment has no {@code configs} section).
 */
public record Observed(Backend cluster, Fleet fleet, DemoProviders demoProviders, Probe probe,
                       Optional<LabConfigs> configs) {
}
