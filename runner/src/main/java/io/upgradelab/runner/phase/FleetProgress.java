package io.upgradelab.runner.phase;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.Fleet;
import java.time.Duration;

/**
 * Waits for the fleet to finish what it accepted (a ramp, a shrink, a client batch) by its progress,
 * not by the clock: the wait goes on while the fleet's providers keep changing, and ends only when
 * they have not changed for {@link #STALL}. A slow machine then gives a late phase, journalled and
 * flagged as load, rather than "the run failed in phase 1" with nothing measured. A stall in which the
 * fleet's registrations kept failing is the cluster refusing them; one without is the lab's own limit
 * ({@link StalledFleet#labsLimit()}).
 */
final class FleetProgress {

    /** No change in the fleet's providers for this long ends the wait. */
    static final Duration STALL = Duration.ofMinutes(2);
    /** How long one of the fleet's own waits runs before progress is looked at again. */
    private static final Duration WINDOW = Duration.ofSeconds(10);

    private final Fleet fleet;
    private final Duration stall;
    private final Duration window;

    FleetProgress(Fleet fleet, Duration stall, Duration window) {
        this.fleet = fleet;
        this.stall = stall;
        this.window = window;
    }

    /** A wait with the lab's bounds. */
    static FleetProgress of(Fleet fleet) {
        return new FleetProgress(fleet, STALL, WINDOW);
    }

    /**
     * The fleet's state once it is idle, waited for through its own {@link Fleet#awaitIdle} (whatever
     * that does where the fleet runs) a window at a time; throws {@link StalledFleet} when a whole stall
     * bound passes without progress.
     */
    FleetStatus awaitIdle() {
        FleetStatus atChange = fleet.status();
        long lastChange = System.nanoTime();
        while (true) {
            try {
                return unlessFailed(fleet.awaitIdle(window));
            } catch (LabException e) {
                if (e.exitCode() == LabException.INTERRUPTED) {
                    throw e;
                }
                FleetStatus now = fleet.status();   // a fleet that is gone throws here
                if (!now.busy()) {
                    continue;
                }
                if (advanced(atChange, now)) {
                    atChange = now;
                    lastChange = System.nanoTime();
                } else if (System.nanoTime() - lastChange >= stall.toNanos()) {
                    throw new StalledFleet(now, stall, now.registrationFailures() > atChange.registrationFailures());
                }
            }
        }
    }

    /** {@code idle}, unless an operation of the fleet failed: then the run cannot go on as planned. */
    private static FleetStatus unlessFailed(FleetStatus idle) {
        if (idle.operationFailed()) {
            throw new FailedOperation(idle);
        }
        return idle;
    }

    /** Whether the fleet did any of its work between {@code before} and {@code after}: providers came or went. */
    static boolean advanced(FleetStatus before, FleetStatus after) {
        return !after.providers().equals(before.providers()) || !after.processes().equals(before.processes())
                || !after.lastStop().equals(before.lastStop());
    }

    /**
     * An operation of the fleet threw before it finished: the fleet is not what the experiment asked
     * for, and no later phase would measure what it says. The lab's own failure (the cluster's
     * refusals are counted and retried, never thrown), so the gate says INCONCLUSIVE, not FAIL.
     */
    static final class FailedOperation extends PhaseFailure {
        FailedOperation(FleetStatus status) {
            super("the fleet could not " + status.failedOperation() + " (" + status.totalProviders() + " providers"
                    + " now; its console log has the trace)");
        }

        @Override
        public boolean labsLimit() {
            return true;
        }
    }

    /**
     * The fleet made no progress for a whole stall bound.
     *
     * @param refused whether its registrations kept failing meanwhile: the cluster refused them
     */
    static final class StalledFleet extends PhaseFailure {
        private final boolean refused;

        StalledFleet(FleetStatus status, Duration stall, boolean refused) {
            super("the fleet made no progress for " + stall.toSeconds() + " s: " + status.totalProviders() + " of "
                    + status.target() + " providers" + (refused ? ", its registrations failing ("
                    + status.registrationFailures() + " so far" + (status.lastError().isEmpty() ? ""
                    : ", last: " + status.lastError()) + ")" : ", without a refused registration"));
            this.refused = refused;
        }

        /** Whether the stall was the lab's own (nothing refused), not the cluster's. */
        @Override
        public boolean labsLimit() {
            return !refused;
        }
    }
}
