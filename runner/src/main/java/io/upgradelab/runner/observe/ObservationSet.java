package io.upgradelab.runner.observe;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which observers sample a run (the experiment's {@code observation}): all of them, the expensive
 * ones paced, or only the cheap ones, for a run where the lab must cost the cluster as little as it
 * can (an A/B of what observation costs, a cluster already near its limit).
 */
public enum ObservationSet {
    /** Every observer; the {@link Observer#expensive() expensive} ones paced ({@link ObserverPace}). */
    FULL,
    /** The cheap observers only: no config check, no missing-instance diff, no failure-sign log scan. */
    MINIMAL;

    /** Whether {@code observer} samples in this set. */
    public boolean includes(Observer observer) {
        return this == FULL || !observer.expensive();
    }

    /** "full" or "minimal", as the experiment file and the journal name it. */
    @JsonValue
    public String journalName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
