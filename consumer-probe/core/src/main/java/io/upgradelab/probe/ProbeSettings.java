package io.upgradelab.probe;

import java.time.Duration;

/**
 * How the probe calls.
 *
 * @param rate     calls per second, scheduled by the clock (open model)
 * @param duration how long to call; the probe stops by itself after it
 * @param timeout  the client's call timeout
 * @param warmUp   how long to call, unrecorded, before the recorded schedule starts (zero: not at all)
 */
public record ProbeSettings(double rate, Duration duration, Duration timeout, Duration warmUp) {

    /** Without a warm-up. */
    public ProbeSettings(double rate, Duration duration, Duration timeout) {
        this(rate, duration, timeout, Duration.ZERO);
    }

    public ProbeSettings {
        if (!(rate > 0 && rate <= 10_000)) {
            throw new IllegalArgumentException("rate must be above 0 and at most 10000 calls/s, not " + rate);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("duration must be positive, not " + duration);
        }
        if (warmUp.isNegative()) {
            throw new IllegalArgumentException("warm-up must not be negative, not " + warmUp);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, not " + timeout);
        }
    }

    /** Nanoseconds between two intended starts. */
    double periodNanos() {
        return 1e9 / rate;
    }
}
