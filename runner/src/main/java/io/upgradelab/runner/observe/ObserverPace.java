package io.upgradelab.runner.observe;

/**
 * When an expensive observer may run again: its last run may take at most {@link #SHARE} of the time
 * from its start to the next one's, so a check that takes 1 s runs every 5 s at the most and one that
 * takes 4 s every 20 s. On a fast machine it runs every round; on a slow or saturated one it backs off
 * instead of holding every round (and every wait paced by rounds) up. Its next run takes a fresh view,
 * so pacing thins the samples and never makes one stale.
 */
public final class ObserverPace {

    /** The most of the observation's time one expensive observer may take. */
    public static final double SHARE = 0.2;

    private long nextNanos = Long.MIN_VALUE;

    /** Whether it may run at {@code nowNanos} ({@link System#nanoTime()} scale). */
    public boolean due(long nowNanos) {
        return nextNanos == Long.MIN_VALUE || nowNanos - nextNanos >= 0;
    }

    /** It ran from {@code startNanos} for {@code tookNanos}. */
    public void ran(long startNanos, long tookNanos) {
        nextNanos = startNanos + (long) (tookNanos / SHARE);
    }
}
