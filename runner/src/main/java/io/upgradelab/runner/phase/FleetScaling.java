package io.upgradelab.runner.phase;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Scaling the fleet and waiting for it, shared by the phases that change its size. */
final class FleetScaling {

    /** Time for the fleet to settle after its last registration, beyond the clock-paced ramp. */
    private static final Duration SETTLE = Duration.ofSeconds(5);

    private FleetScaling() {
    }

    static Duration expected(int registrations, double perSecond) {
        return Duration.ofMillis(Math.round(1000.0 * registrations / perSecond)).plus(SETTLE);
    }

    static void scaleTo(RunContext run, int providers, double perSecond) throws InterruptedException {
        int before = run.fleet().status().totalProviders();
        run.say("fleet: " + before + " -> " + providers + " providers at " + perSecond + "/s ("
                + "nacos-client " + run.fleetGeneration() + ")");
        run.fleet().scaleTo(providers, perSecond, run.fleetGeneration());
        FleetStatus done = awaitIdle(run, expected(Math.abs(providers - before), perSecond));
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("providers", done.totalProviders());
        fields.put("target", providers);
        fields.put("registrationFailures", done.registrationFailures());
        if (providers < before) {
            fields.put("stop", done.lastStop());
            tellStop(run, done.lastStop());
        }
        run.record("fleetScaled", fields);
    }

    /**
     * Says what a stop of providers could not deregister: against a saturated cluster that is
     * expected, and those instances expire on the server by its own heartbeat timeout.
     */
    static void tellStop(RunContext run, StopReport stop) {
        if (stop.leftToExpire() > 0) {
            run.say("fleet: " + stop.deregistered() + " of " + stop.requested() + " providers deregistered in "
                    + Math.round(stop.seconds()) + " s; " + stop.leftToExpire() + " left to expire on the server ("
                    + stop.failed() + " failed" + (stop.firstError().isEmpty() ? "" : ", first: " + stop.firstError())
                    + ")");
        }
    }

    /** Waits until the fleet has done what it accepted; allows three times the expected time plus a minute. */
    static FleetStatus awaitIdle(RunContext run, Duration expected) {
        return run.fleet().awaitIdle(expected.multipliedBy(3).plusMinutes(1));
    }
}
