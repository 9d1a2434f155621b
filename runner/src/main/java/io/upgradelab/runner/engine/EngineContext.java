package io.upgradelab.runner.engine;

import io.upgradelab.journal.ConditionHeld;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.phase.PhaseFailure;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.VersionHistory;
import io.upgradelab.runner.preflight.ClusterFacts.Read;
import io.upgradelab.runner.preflight.Frontier;
import java.util.List;
import java.time.Duration;
import java.util.function.Consumer;

/** The engine's side of {@link RunContext}: what phases use, wired to the run's parts. */
final class EngineContext implements RunContext {

    private final Backend cluster;
    private final Fleet fleet;
    private final DemoProviders demoProviders;
    private final Journal journal;
    private final Observations observations;
    private final Sampler sampler;
    private final Consumer<String> say;
    private volatile String fleetGeneration;
    private final VersionHistory versionHistory = new VersionHistory();
    private final Read<List<Frontier>> frontiers;

    EngineContext(Experiment experiment, Backend cluster, Fleet fleet, DemoProviders demoProviders,
                  Journal journal, Observations observations, Sampler sampler, Consumer<String> say,
                  Read<List<Frontier>> frontiers) {
        this.cluster = cluster;
        this.fleet = fleet;
        this.demoProviders = demoProviders;
        this.journal = journal;
        this.observations = observations;
        this.sampler = sampler;
        this.say = say;
        this.fleetGeneration = ClientVersions.canonical(experiment.fleet().clientVersion());
        this.frontiers = frontiers;
    }

    @Override
    public Read<List<Frontier>> measuredFrontiers() {
        return frontiers;
    }

    @Override
    public Backend cluster() {
        return cluster;
    }

    @Override
    public Fleet fleet() {
        return fleet;
    }

    @Override
    public DemoProviders demoProviders() {
        return demoProviders;
    }

    @Override
    public String fleetGeneration() {
        return fleetGeneration;
    }

    @Override
    public void setFleetGeneration(String clientVersion) {
        fleetGeneration = clientVersion;
    }

    @Override
    public VersionHistory versionHistory() {
        return versionHistory;
    }

    @Override
    public Observations observations() {
        return observations;
    }

    @Override
    public void say(String message) {
        say.accept(message);
    }

    @Override
    public void record(Object line) {
        journal.append(line);
    }

    @Override
    public PhaseFile phaseFile(String name, String suffix) {
        return PhaseFile.in(journal.file().getParent(), journal.phase(), name, suffix);
    }

    @Override
    public void pause(Duration duration) throws InterruptedException {
        Thread.sleep(duration.toMillis());
    }

    @Override
    public void awaitCondition(Condition condition, Duration timeout, String what) throws InterruptedException {
        long began = System.nanoTime();
        long deadline = began + timeout.toNanos();
        long round = observations.rounds();
        while (true) {
            sampler.awaitRoundAfter(round, Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (observations.rounds() > round) {
                round = observations.rounds();
                if (condition.holds(observations)) {
                    journal.append(new ConditionHeld(condition.kind(), what,
                            Math.round((System.nanoTime() - began) / 1e6) / 1e3));
                    say.accept(what + ": after " + Math.round((System.nanoTime() - began) / 1e9) + " s");
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new PhaseFailure(what + ": not within " + timeout.toSeconds() + " s");
            }
        }
    }
}
