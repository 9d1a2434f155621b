package io.upgradelab.runner.observe;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.probe.ProbeProcess;

/** What a run's observers watch: the cluster, the fleet, the demo providers and the probe. */
public record Observed(Backend cluster, FleetProcess fleet, DemoProviders demoProviders, ProbeProcess probe) {
}
