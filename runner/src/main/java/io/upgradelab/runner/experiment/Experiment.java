package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.observe.ObservationSet;
import io.upgradelab.runner.observe.configs.ConfigsSpec;
import io.upgradelab.runner.observe.signals.SignalSpec;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import io.upgradelab.runner.plan.FleetScale;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One experiment file, bound: what to stand up, what load to put on it, and the phases to run in
 * order. It is data only; the engine interprets it, so the same file can be validated, planned and
 * run, and a run's journal carries it whole.
 *
 * @param observeEvery how often the observers sample the cluster, the fleet and the probe
 * @param scale        multiplies every provider count in the phases, so one file runs at CI size
 * @param abortWhen    conditions that end the run as failed as soon as one holds
 * @param configs      the configs the lab publishes, changes, listens to and checks; null: none
 * @param metrics      where the runner serves live Prometheus metrics while it runs; null: nowhere
 * @param observation  which observers sample: all of them (the default) or only the cheap ones
 * @param signals      the team's own signals sampled with the observations, for its own criteria; none by default
 */
public record Experiment(String name, String description, Target target, FleetSpec fleet, ProbeSpec probe,
                         @JsonProperty("observeEvery") Duration observeEvery, double scale,
                         @JsonProperty("abortWhen") List<Condition> abortWhen, List<Phase> phases,
                         ConfigsSpec configs, MetricsSpec metrics, ObservationSet observation, List<SignalSpec> signals) {

    public Experiment {
        signals = signals == null ? List.of() : List.copyOf(signals);
        description = description == null ? "" : description;
        observeEvery = observeEvery == null ? Duration.ofSeconds(5) : observeEvery;
        scale = scale == 0 ? 1 : scale;
        abortWhen = abortWhen == null ? List.of() : List.copyOf(abortWhen);
        phases = phases == null ? List.of() : List.copyOf(phases);
        observation = observation == null ? ObservationSet.FULL : observation;
        target = target == null ? null : target.forExperiment(name);   // its Kubernetes resources' instance label
    }

    /**
     * The nacos-client versions the run uses, as the file names them (versions or shorthands), in file
     * order: the fleet's, the probe's, then each rollingClientUpgrade's {@code to}.
     */
    public List<String> clientVersions() {
        List<String> versions = new ArrayList<>(List.of(fleet.clientVersion(), probe.clientVersion()));
        for (Phase phase : phases) {
            if (phase instanceof RollingClientUpgrade upgrade) {
                versions.add(upgrade.to());
            }
        }
        return List.copyOf(versions);
    }

    /** How this experiment's phases count providers and pick a rate: its {@link #scale} and the fleet's rampRate. */
    public FleetScale fleetScale() {
        return new FleetScale(scale, fleet.rampRate());
    }

    public Experiment withTarget(Target otherTarget) {
        return new Experiment(name, description, otherTarget, fleet, probe, observeEvery, scale, abortWhen, phases,
                configs, metrics, observation, signals);
    }

    public Experiment withScale(double otherScale) {
        return new Experiment(name, description, target, fleet, probe, observeEvery, otherScale, abortWhen, phases,
                configs, metrics, observation, signals);
    }

    /** This experiment serving its live metrics as {@code otherMetrics} says; null: serving none. */
    public Experiment withMetrics(MetricsSpec otherMetrics) {
        return new Experiment(name, description, target, fleet, probe, observeEvery, scale, abortWhen, phases,
                configs, otherMetrics, observation, signals);
    }
}
