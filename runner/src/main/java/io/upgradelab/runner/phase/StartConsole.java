package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.ConsoleStarted;
import io.upgradelab.journal.Warning;
import io.upgradelab.journal.WarningKind;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.List;

/**
 * The console split of an upgrade to 3.x: up to 2.x the console is a page of every node, on its
 * port; 3.0 made it a process of its own, with its own port and API, that a team deploys beside the
 * nodes. This phase starts that process once every node runs 3.x, waits until it lists the nodes,
 * and journals how long that took, what it lists and what its readiness check says
 * ({@link ConsoleStarted}); the console then runs until the cluster stops, while the observers watch
 * the nodes. A console that does not start or cannot reach the nodes fails the phase; one that reaches
 * them but says it is not ready is a warning ({@code consoleNotReady}): a probe in front of it would
 * keep people from it.
 *
 * @param timeout how long the console may take to list the nodes (default 2m)
 */
@JsonTypeName("startConsole")
@JsonClassDescription("Starts the Nacos 3.x console as a process of its own beside the nodes (3.0 took it off their"
        + " port), once every node runs 3.x; over when, logged in as a user of the cluster, it lists the nodes. The"
        + " journal's consoleStarted line says how long that took, what it lists and what its readiness check answers.")
public record StartConsole(
        @JsonPropertyDescription("How long the console may take to list the nodes before the phase fails. Default 2m.")
        Duration timeout) implements Phase {

    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

    public StartConsole {
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    }

    @Override
    public String title(PlannedState state) {
        return "start the console as its own process";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        state.require(Capability.CONSOLE, problems, "");
        List<String> versions = state.nodeVersions().stream().distinct().toList();
        if (versions.size() != 1 || !NacosVersions.isThreeX(versions.get(0))) {
            problems.add("", "the console runs apart from the nodes once every node runs 3.x; here they run "
                    + String.join(", ", versions) + ": start it after the upgrade to 3.x");
        }
        if (timeout.isZero() || timeout.isNegative()) {
            problems.add("timeout", "a console needs some time to start: at least 1s, e.g. " + Durations.text(DEFAULT_TIMEOUT));
        }
        return Duration.ofSeconds(15);
    }

    @Override
    public void run(RunContext run) {
        ConsoleStarted started = run.cluster().startConsole(timeout);
        run.record(started);
        run.say(started.describe());
        if (!started.ready()) {
            run.record(Warning.of(WarningKind.consoleNotReady, "the console at " + started.address() + " lists the nodes,"
                    + " but its readiness check answers " + started.readiness()));
        }
    }
}
