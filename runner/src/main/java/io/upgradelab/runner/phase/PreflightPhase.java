package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.Preflight;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import io.upgradelab.runner.preflight.ClusterFacts;
import io.upgradelab.runner.preflight.ClusterReader;
import io.upgradelab.runner.preflight.Frontier;
import io.upgradelab.runner.preflight.PreflightSources;
import io.upgradelab.runner.preflight.PreflightText;
import io.upgradelab.runner.preflight.Preflights;
import java.time.Duration;
import java.util.List;

/**
 * Preflight as a step of an experiment ({@code upgrade-lab preflight}'s checks against the run's own
 * cluster, with what the lab may read of it: logs, properties, its MariaDB, the JVM it started the nodes with,
 * the calibration saved for the experiment): so a staging pipeline runs it
 * first, journals it ({@code preflight} line) and, if it asks, stops before an upgrade that would trip.
 *
 * @param to              the version the checks judge an upgrade to
 * @param stopWhenBlocked fail the phase, and so end the run, when a finding is blocked
 */
@JsonTypeName("preflight")
@JsonClassDescription("Checks the running cluster for what an upgrade to 'to' would trip on (as upgrade-lab preflight"
        + " does): node health, each node's Java, the upgrade path, configs under both '' and 'public', the database's schema, 1.x"
        + " clients, avoided client versions, clients without credentials, room for the double write, renamed"
        + " properties. The capacity is judged against the calibration 'upgrade-lab calibrate' saved for this"
        + " experiment on this machine, when there is one. Journals every finding (preflight line); changes nothing.")
public record PreflightPhase(
        @JsonProperty(required = true) @SchemaRef("version")
        @JsonPropertyDescription("The version the upgrade would go to, e.g. 3.1.0.")
        String to,
        @JsonPropertyDescription("End the run here when a finding is blocked (the phase fails). Default false: journal"
                + " and go on, so the run shows what the blocked upgrade does.")
        boolean stopWhenBlocked) implements Phase {

    @Override
    public String title(PlannedState state) {
        return "preflight to " + to;
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        return Duration.ofSeconds(10);
    }

    @Override
    public void run(RunContext run) {
        Preflight preflight = Preflights.judge(ClusterReader.read(sources(run.cluster(), run.measuredFrontiers())));
        run.record(preflight);
        PreflightText.render(preflight).lines().forEach(run::say);
        if (stopWhenBlocked && preflight.worst() == Preflight.Level.blocked) {
            throw new PhaseFailure("preflight to " + to + ": " + PreflightText.verdict(preflight));
        }
    }

    private PreflightSources sources(Backend cluster, ClusterFacts.Read<List<Frontier>> frontiers) {
        List<PreflightSources.NodeSource> nodes = cluster.nodes().stream().map(NodeStatus::number)
                .map(n -> new PreflightSources.NodeSource(n, cluster.nodes().get(n - 1).address(), cluster.api(n),
                        cluster.logDirectory(n), cluster.propertiesFile(n), cluster.javaVersion(n))).toList();
        return new PreflightSources(to, nodes, cluster.databaseAccess(),
                "no config database the lab can read (embedded storage keeps configs inside the nodes)",
                PreflightSources.target(to, cluster.distribution(to)), frontiers);
    }
}
