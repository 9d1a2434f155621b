package io.upgradelab.runner.phase;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.observe.Observations;
import java.time.Duration;

/**
 * What a phase may use while it runs: the cluster, the fleet, the demo providers, the journal (through
 * {@link #record}) and the latest observations. Waiting goes through here too, so an abort or Ctrl-C ends any wait at once.
 */
public interface RunContext {

    Backend cluster();

    Fleet fleet();

    DemoProviders demoProviders();

    /**
     * The nacos-client version new fleet providers register with now, e.g. {@code 1.4.1} (the
     * fleet's, until a client upgrade). The name is from when clients came in two generations.
     */
    String fleetGeneration();

    /** Sets that client version ({@code clientVersion}, as a version). */
    void setFleetGeneration(String clientVersion);

    /**
     * The frontiers {@code upgrade-lab calibrate} measured for this experiment's shape on this machine (its saved
     * calibration), or why there are none: what preflight judges the double write's room against.
     */
    io.upgradelab.runner.preflight.ClusterFacts.Read<java.util.List<io.upgradelab.runner.preflight.Frontier>>
            measuredFrontiers();

    /** What each node ran before each change of its version in this run: what a rollback returns it to. */
    io.upgradelab.runner.plan.VersionHistory versionHistory();

    /** The latest sample of every observer (refreshed every {@code observeEvery}). */
    Observations observations();

    /** A progress line for the person watching (also journalled as a note). */
    void say(String message);

    /**
     * Records one event of the current phase in the journal, e.g. an upgrade step: a record of the journal
     * module with its {@code @LineType}, so the reports read it through the same type.
     */
    void record(Object line);

    /** The demo backends, gateways and wrk a gateway benchmark drives: local processes unless a test fakes them. */
    default io.upgradelab.runner.gateway.GatewayLoad gatewayLoad() {
        return io.upgradelab.runner.gateway.GatewayLoad.LOCAL;
    }

    /**
     * A file of the current phase in the run directory, e.g. {@code benchmark/phase-3-register.jtl}
     * for {@code name} "benchmark" and {@code suffix} "register.jtl", its folder made; with its path
     * relative to the run directory, as the journal names it.
     */
    default PhaseFile phaseFile(String name, String suffix) {
        throw new UnsupportedOperationException("this run keeps no files");
    }

    /** A file a phase writes: where it is, and how the journal names it (relative to the run directory). */
    record PhaseFile(java.nio.file.Path path, String relative) {

        /**
         * Phase {@code phase}'s file {@code suffix} of {@code name} in {@code runDirectory}
         * ({@code NAME/phase-N-SUFFIX}), its folder made.
         */
        public static PhaseFile in(java.nio.file.Path runDirectory, int phase, String name, String suffix) {
            String relative = name + "/phase-" + phase + "-" + suffix;
            java.nio.file.Path path = runDirectory.resolve(relative);
            try {
                java.nio.file.Files.createDirectories(path.getParent());
            } catch (java.io.IOException e) {
                throw new io.upgradelab.runner.LabException(io.upgradelab.runner.LabException.FAILED,
                        "cannot make " + path.getParent() + ": " + e.getMessage());
            }
            return new PhaseFile(path, relative);
        }
    }

    /** Waits {@code duration}, or less if the run is stopped (then throws InterruptedException). */
    void pause(Duration duration) throws InterruptedException;

    /**
     * Waits until {@code condition} holds on a fresh sample, sampling at least every
     * {@code observeEvery}; fails the phase with {@code what} if it does not within {@code timeout}.
     */
    void awaitCondition(Condition condition, Duration timeout, String what) throws InterruptedException;
}
