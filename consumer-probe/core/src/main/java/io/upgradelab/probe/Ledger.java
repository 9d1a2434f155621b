package io.upgradelab.probe;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

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

    synchronized void ended(CallOutcome call) {
        inFlight--;
        outcomes.merge(call.outcome(), 1L, Long::sum);
        outcomesThisSecond.merge(call.outcome(), 1L, Long::sum);
        if (call.outcome() == Outcome.OTHER) {
            otherClasses.merge(call.exceptionClass(), 1L, Long::sum);
            otherClassesThisSecond.merge(call.exceptionClass(), 1L, Long::sum);
        }
    }

    synchronized long inFlight() {
        return inFlight;
    }

    synchronized Counts totals() {
        return new Counts(scheduled, outcomes, otherClasses, inFlight);
    }

    /** The calls scheduled and ended since the last call of this method, and the totals now. */
    synchronized Counts[] closeSecond() {
        Counts second = new Counts(scheduledThisSecond, outcomesThisSecond, otherClassesThisSecond, inFlight);
        scheduledThisSecond = 0;
        outcomesThisSecond = new EnumMap<>(Outcome.class);
        otherClassesThisSecond = new HashMap<>();
        return new Counts[] {second, totals()};
    }
}
