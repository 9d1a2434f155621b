package io.upgradelab.runner.phase;

import io.upgradelab.journal.FleetPace;
import io.upgradelab.journal.FleetScaled;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import java.time.Duration;

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
        long began = System.nanoTime();
        run.fleet().scaleTo(providers, perSecond, run.fleetGeneration());
        Duration expected = expected(Math.abs(providers - before), perSecond);
        FleetStatus done = awaitIdle(run);
        FleetPace pace = pace(run, began, expected);
        boolean shrank = providers < before;
        if (shrank) {
            tellStop(run, done.lastStop());
        }
        run.record(new FleetScaled(done.totalProviders(), providers, done.registrationFailures(), pace,
                shrank ? done.lastStop() : null));
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

    /** Waits until the fleet has done what it accepted, for as long as it advances ({@link FleetProgress}). */
    static FleetStatus awaitIdle(RunContext run) {
        return FleetProgress.of(run.fleet()).awaitIdle();
    }

    /**
     * Journals how long the fleet took against the plan ({@code seconds}, {@code expectedSeconds}) and,
     * past three times the plan and a minute, that it was slow ({@code slow}): the report flags such a
     * phase as load, since the lab did not drive the load at the pace it was asked for.
     */
    static FleetPace pace(RunContext run, long beganNanos, Duration expected) {
        double seconds = Math.round((System.nanoTime() - beganNanos) / 1e6) / 1e3;
        FleetPace pace = FleetPace.of(seconds, expected.toMillis() / 1000.0, slowAfter(expected).toMillis() / 1000.0);
        if (pace.wasSlow()) {
            run.say("fleet: slow, " + Math.round(seconds) + " s against " + expected.toSeconds() + " s planned");
        }
        return pace;
    }

    /** Past this the fleet's pace is slow: three times the plan and a minute. */
    static Duration slowAfter(Duration expected) {
        return expected.multipliedBy(3).plusMinutes(1);
    }
}
