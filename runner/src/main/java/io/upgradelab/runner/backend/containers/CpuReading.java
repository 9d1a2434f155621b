package io.upgradelab.runner.backend.containers;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A container's cumulative CPU time (its cgroup's {@code total_usage}) and when the engine read it.
 * Two readings give the CPU the container used between them, in percent of one core.
 */
record CpuReading(long cpuNanos, Instant at) {

    /** The engine's "no reading" (e.g. the previous reading of a container's very first stats). */
    static final CpuReading NONE = new CpuReading(0, Instant.EPOCH);

    /** From the engine's fields; a missing or zero value (Go's zero time, 0001-01-01) is {@link #NONE}. */
    static CpuReading of(Long totalUsageNanos, String readAt) {
        if (totalUsageNanos == null || totalUsageNanos <= 0 || readAt == null) {
            return NONE;
        }
        try {
            Instant at = Instant.parse(readAt);
            return at.isAfter(Instant.EPOCH) ? new CpuReading(totalUsageNanos, at) : NONE;
        } catch (DateTimeParseException e) {
            return NONE;
        }
    }

    /** CPU used from {@code earlier} to this reading, in percent of one core (two busy cores read 200); 0 when unknown. */
    double percentOfOneCoreSince(CpuReading earlier) {
        if (this == NONE || earlier == NONE) {
            return 0;
        }
        long wallNanos = Duration.between(earlier.at, at).toNanos();
        long used = cpuNanos - earlier.cpuNanos;
        return wallNanos <= 0 || used < 0 ? 0 : 100.0 * used / wallNanos;
    }
}
