package io.upgradelab.runner.backend;

import java.time.Duration;

/**
 * What happens to packets sent to a node while a network fault lasts: held back by {@code delay},
 * dropped at {@code lossPercent}, or all dropped (a partition, {@code lossPercent} 100).
 */
public record NetworkDisturbance(Kind kind, Duration delay, double lossPercent) {

    public enum Kind { DELAY, LOSS, PARTITION }

    public static NetworkDisturbance delay(Duration delay) {
        return new NetworkDisturbance(Kind.DELAY, delay, 0);
    }

    public static NetworkDisturbance loss(double percent) {
        return new NetworkDisturbance(Kind.LOSS, Duration.ZERO, percent);
    }

    public static NetworkDisturbance partition() {
        return new NetworkDisturbance(Kind.PARTITION, Duration.ZERO, 100);
    }

    /** For progress lines and the journal, e.g. "delay 200 ms", "loss 30 %", "partition". */
    public String describe() {
        return switch (kind) {
            case DELAY -> "delay " + delay.toMillis() + " ms";
            case LOSS -> "loss " + (lossPercent == Math.rint(lossPercent) ? String.valueOf((long) lossPercent)
                    : String.valueOf(lossPercent)) + " %";
            case PARTITION -> "partition";
        };
    }
}
