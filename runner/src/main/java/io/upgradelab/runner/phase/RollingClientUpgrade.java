package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.ClientBatch;
import io.upgradelab.journal.FleetPace;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The clients' rolling upgrade: batch by batch, the fleet's provider processes restart on client
 * version {@code to} (deregister, then register again through the new client), and the demo
 * providers restart with them, spread over the batches. Between any two versions the build has,
 * either way (2.0.4 to 2.3.2, 1.4.1 to 2.5.1, or back). {@code pause} (default 10s) between
 * batches; {@code rate} is registrations per second (default: the fleet's rampRate).
 */
@JsonTypeName("rollingClientUpgrade")
@JsonClassDescription("The clients' rolling upgrade, batch by batch: the fleet's provider processes restart on client"
        + " version 'to' (deregister, then register again through the new client), and the demo providers restart"
        + " with them, spread over the batches. Between any two client versions, either way.")
public record RollingClientUpgrade(
        @JsonProperty(required = true) @SchemaRef("client")
        @JsonPropertyDescription("The nacos-client version to move every provider to, e.g. 2.3.2, or 1x (1.4.1) or 2x"
                + " (2.0.4). A 2.x version needs every server on 2.x with upgraded=true first.")
        String to,
        @SchemaRef("positive") @JsonPropertyDescription("How many batches the fleet restarts in. Default 3.") int batches,
        @JsonPropertyDescription("Pause between batches. Default 10s.") Duration pause,
        @SchemaRef("rate") double rate) implements Phase {

    /** A demo provider's restart on another client version: a graceful stop and a Dubbo start, 17-20 s here. */
    private static final Duration DEMO_RESTART = Duration.ofSeconds(20);
    /** A batch's clients shutting down (together) before their providers register again: ~5 s for 1.x. */
    private static final Duration BATCH_SHUTDOWN = Duration.ofSeconds(5);

    public RollingClientUpgrade {
        batches = batches == 0 ? 3 : batches;
        pause = pause == null ? Duration.ofSeconds(10) : pause;
    }

    /** Resolved: {@code to} as the version a shorthand stands for, so the plan, the run and the journal say the version. */
    @Override
    public RollingClientUpgrade resolve(FleetScale scale, Problems problems) {
        return new RollingClientUpgrade(ClientVersions.canonical(to), batches, pause, scale.rate(rate));
    }

    @Override
    public String title(PlannedState state) {
        return "rolling client upgrade to " + to + " in " + batches + " batches (" + state.providers() + " providers)";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        if (ClientVersions.canonical(to).equals(state.fleetClient())) {
            problems.add("to", "the clients already run " + state.fleetClient() + " here");
        }
        if (!ClientVersions.isOneX(to) && !state.servesTwoX()) {
            problems.add("to", "2.x clients are refused while the cluster runs in 1.x mode (nodes: "
                    + state.nodeVersions() + "); put a rollingServerUpgrade to 2.x (awaitUpgraded) before this");
        }
        int providers = state.providers();
        state.moveAllTo(to);
        return FleetScaling.expected(2 * providers, rate)
                .plus(pause.multipliedBy(batches - 1L))
                .plus(BATCH_SHUTDOWN.multipliedBy(batches))
                .plus(DEMO_RESTART.multipliedBy(state.demoProviders()));
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        int demoProviders = run.demoProviders().size();
        for (int batch = 1; batch <= batches; batch++) {
            int providers = run.fleet().status().totalProviders();
            run.say("client batch " + batch + "/" + batches + ": restarting on " + to);
            long began = System.nanoTime();
            run.fleet().upgradeBatch(batch, batches, to, rate);
            FleetStatus status = FleetScaling.awaitIdle(run);
            run.demoProviders().restart(demoBatch(batch, demoProviders), to);
            FleetScaling.tellStop(run, status.lastStop());
            FleetPace pace = FleetScaling.pace(run, began, FleetScaling.expected(2 * providers / batches, rate));
            run.record(new ClientBatch(batch, batches, to, status.providers(), status.registrationFailures(),
                    status.lastStop(), run.demoProviders().clientVersions(), pace));
            if (batch < batches) {
                run.pause(pause);
            }
        }
        run.setFleetGeneration(to);
    }

    /** The demo providers batch {@code batch} restarts: every {@code batches}-th from {@code batch - 1}, spread over the batches. */
    List<Integer> demoBatch(int batch, int demoProviders) {
        List<Integer> indexes = new ArrayList<>();
        for (int demo = batch - 1; demo < demoProviders; demo += batches) {
            indexes.add(demo);
        }
        return indexes;
    }
}
