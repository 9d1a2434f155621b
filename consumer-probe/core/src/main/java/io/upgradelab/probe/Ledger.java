package io.upgradelab.probe;

import io.upgradelab.journal.CallCounts;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Accounts for every scheduled call exactly once. One lock keeps each snapshot consistent: in any
 * snapshot, scheduled = ended + in flight, exactly.
 */
final class Ledger {

    private long scheduled;
    private long inFlight;
    private final Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
    private final Map<String, Long> otherClasses = new HashMap<>();

    private long scheduledThisSecond;
    private Map<Outcome, Long> outcomesThisSecond = new EnumMap<>(Outcome.class);
    private Map<String, Long> otherClassesThisSecond = new HashMap<>();

    synchronized void scheduled() {
        scheduled++;
        scheduledThisSecond++;
        inFlight++;
    }

    /** Books a call's end; returns the calls that were in flight, this one included. */
    synchronized long ended(CallOutcome call) {
        long inFlightBefore = inFlight--;
        outcomes.merge(call.outcome(), 1L, Long::sum);
        outcomesThisSecond.merge(call.outcome(), 1L, Long::sum);
        if (call.outcome() == Outcome.OTHER) {
            otherClasses.merge(call.exceptionClass(), 1L, Long::sum);
            otherClassesThisSecond.merge(call.exceptionClass(), 1L, Long::sum);
        }
        if (inFlight == 0) {
            notifyAll();
        }
        return inFlightBefore;
    }

    /** Waits until no call is in flight, or {@code timeout} has passed; true if none is. */
    synchronized boolean awaitNoneInFlight(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            for (long left = timeout.toNanos(); inFlight > 0 && left > 0; left = deadline - System.nanoTime()) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return inFlight == 0;
    }

    synchronized CallCounts totals() {
        return counts(scheduled, outcomes, otherClasses, inFlight);
    }

    /** The calls scheduled and ended since the last call of this method, and the totals now. */
    synchronized CallCounts[] closeSecond() {
        CallCounts second = counts(scheduledThisSecond, outcomesThisSecond, otherClassesThisSecond, inFlight);
        scheduledThisSecond = 0;
        outcomesThisSecond = new EnumMap<>(Outcome.class);
        otherClassesThisSecond = new HashMap<>();
        return new CallCounts[] {second, totals()};
    }

    private static CallCounts counts(long scheduled, Map<Outcome, Long> outcomes, Map<String, Long> otherClasses,
                                     long inFlight) {
        return new CallCounts(scheduled, outcomes.getOrDefault(Outcome.SUCCESS, 0L),
                outcomes.getOrDefault(Outcome.NO_PROVIDER, 0L), outcomes.getOrDefault(Outcome.TIMEOUT, 0L),
                outcomes.getOrDefault(Outcome.NETWORK, 0L), outcomes.getOrDefault(Outcome.OTHER, 0L), inFlight,
                otherClasses);
    }
}
