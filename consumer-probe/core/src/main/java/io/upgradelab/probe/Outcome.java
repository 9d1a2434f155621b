package io.upgradelab.probe;

import io.upgradelab.journal.CallCounts;

/**
 * What one scheduled call meant to its user. Every scheduled call ends in exactly one of these, so
 * the probe's books always balance: scheduled = success + noProvider + timeout + network + other
 * (+ the calls still in flight while it runs).
 */
public enum Outcome {
    /** The provider answered. */
    SUCCESS("success"),
    /** The consumer had no provider to call: what users of a registry outage see first. */
    NO_PROVIDER("noProvider"),
    /** A provider was called and did not answer in time. */
    TIMEOUT("timeout"),
    /** A provider was called and the connection failed (refused, reset, closed). */
    NETWORK("network"),
    /** Anything else; the exception class is kept. */
    OTHER("other");

    private final String key;

    Outcome(String key) {
        this.key = key;
    }

    /** The name used in the series file, the summary and the JTL response code. */
    public String key() {
        return key;
    }

    /** How many calls of {@code counts} ended so. */
    public long in(CallCounts counts) {
        return switch (this) {
            case SUCCESS -> counts.success();
            case NO_PROVIDER -> counts.noProvider();
            case TIMEOUT -> counts.timeout();
            case NETWORK -> counts.network();
            case OTHER -> counts.other();
        };
    }

    /** The name as a Prometheus label value. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
