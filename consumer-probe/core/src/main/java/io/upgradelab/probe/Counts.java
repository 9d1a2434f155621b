package io.upgradelab.probe;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The probe's books over some span: calls scheduled, calls ended per outcome, the exception
 * classes behind {@link Outcome#OTHER}, and the calls still in flight at its end.
 */
public record Counts(long scheduled, Map<Outcome, Long> outcomes, Map<String, Long> otherClasses, long inFlight) {

    public Counts {
        EnumMap<Outcome, Long> all = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            all.put(outcome, outcomes.getOrDefault(outcome, 0L));
        }
        outcomes = Collections.unmodifiableMap(all);
        otherClasses = Collections.unmodifiableMap(new TreeMap<>(otherClasses));
    }

    public long of(Outcome outcome) {
        return outcomes.get(outcome);
    }

    /** Calls that have ended, in any outcome. */
    public long ended() {
        return outcomes.values().stream().mapToLong(Long::longValue).sum();
    }
}
