package io.upgradelab.runner.phase;

import io.upgradelab.runner.engine.RunContext;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.fleet.FleetStatus;
import java.time.Duration;
import java.util.Map;

/** Scaling the fleet and waiting for it, shared by the phases that change its size. */
final class FleetScaling {

    /** Time for the fleet to settle after its last registration, beyond the clock-paced ramp. */
    private static final Duration SETTLE = Duration.ofSeconds(5);

    private FleetScaling() {
    }

    static double rate(double declared, Experiment experiment) {
        return declared > 0 ? declared : experiment.fleet().rampRate();
    }

    static Duration expected(int registrations, double perSecond) {
        return Duration.ofMillis(Math.round(1000.0 * registrations / perSecond)).plus(SETTLE);
    }

    static void scaleTo(RunContext run, int providers, double perSecond) throws InterruptedException {
        int before = run.fleet().status().totalProviders();
        run.say("fleet: " + before + " -> " + providers + " providers at " + perSecond + "/s ("
                + run.fleetGeneration() + " clients)");
        run.fleet().scaleTo(providers, perSecond, run.fleetGeneration());
        FleetStatus done = awaitIdle(run, expected(Math.abs(providers - before), perSecond));
        run.record("fleetScaled", Map.of("providers", done.totalProviders(), "target", providers,
                "registrationFailures", done.registrationFailures()));
    }

    /** Waits until the fleet has done what it accepted; allows three times the expected time plus a minute. */
    static FleetStatus awaitIdle(RunContext run, Duration expected) {
        return run.fleet().awaitIdle(expected.multipliedBy(3).plusMinutes(1));
    }
}
