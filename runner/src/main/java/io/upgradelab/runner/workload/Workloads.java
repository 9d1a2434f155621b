package io.upgradelab.runner.workload;

import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.DemoSettings;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.probe.ProbeOptions;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where a run's own load runs, beside the cluster: the demo providers, the provider fleet and the
 * probe. The cluster's backend says which ({@code Backend.workloads()}): child processes of the
 * runner ({@link LocalWorkloads}) or, on Kubernetes, Deployments of the lab image. Each start returns
 * once the workload serves (the demo providers exported, the fleet's control channel answering, the
 * probe calling), and each returned part stops and removes what it started when closed.
 *
 * <p>{@code directory} is the run directory's folder for the part (its logs, user.home), where the
 * part keeps files on the runner's machine; {@code progress} gets a line per step worth telling.
 */
public interface Workloads {

    DemoProviders demoProviders(DemoSettings settings, Path directory, Consumer<String> progress);

    Fleet fleet(FleetSettings settings, Path directory, Consumer<String> progress);

    Probe probe(ProbeOptions options, String servers, Path directory, Consumer<String> progress);
}
