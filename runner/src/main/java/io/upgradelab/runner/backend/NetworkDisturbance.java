package io.upgradelab.runner.backend;

import java.time.Duration;
import java.util.Locale;

/**
 * What happens to a node's packets while a network fault lasts: held back by {@code delay},
 * dropped at {@code lossPercent}, or all dropped (a partition, {@code lossPercent} 100); and
 * between the node and whom ({@code between}): its peers, its clients, or everyone.
 */
public record NetworkDisturbance(Kind kind, Duration delay, double lossPercent, Between between) {

    public enum Kind { DELAY, LOSS, PARTITION }

    /**
     * Whose packets to and from the node are disturbed. Telling peers from clients takes each node
     * at an address of its own ({@code target.local.nodeAddresses}): on one shared address only the
     * ports tell them apart, and a node's own outgoing connections come from any port.
     */
    public enum Between {
        /** Every packet to the node (and, for a partition, from it). */
        ALL,
        /** Only those between the node and the other nodes: the cluster splits, clients still reach every node. */
        PEERS,
        /** Only those between the node and everything that is not a node: the cluster stays whole, clients lose the node. */
        CLIENTS;

        /** As experiment files write it: {@code all}, {@code peers}, {@code clients}. */
        public String fileName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public NetworkDisturbance {
        between = between == null ? Between.ALL : between;
    }

    public static NetworkDisturbance delay(Duration delay) {
        return new NetworkDisturbance(Kind.DELAY, delay, 0, Between.ALL);
    }

    public static NetworkDisturbance loss(double percent) {
        return loss(percent, Between.ALL);
    }

    public static NetworkDisturbance loss(double percent, Between between) {
        return new NetworkDisturbance(Kind.LOSS, Duration.ZERO, percent, between);
    }

    public static NetworkDisturbance partition() {
        return partition(Between.ALL);
    }

    public static NetworkDisturbance partition(Between between) {
        return new NetworkDisturbance(Kind.PARTITION, Duration.ZERO, 100, between);
    }

    /**
     * What it does to node {@code node}, e.g. "loss 30 % on the way to node 2", "loss 30 % between
     * node 2 and its clients", "partition: node 2 cut off from everyone".
     */
    public String describe(int node) {
        String whom = switch (between) {
            case ALL -> "everyone";
            case PEERS, CLIENTS -> "its " + between.fileName();
        };
        String where = switch (between) {
            case ALL -> " on the way to node " + node;
            case PEERS, CLIENTS -> " between node " + node + " and " + whom;
        };
        return switch (kind) {
            case PARTITION -> "partition: node " + node + " cut off from " + whom;
            case DELAY, LOSS -> describe(Between.ALL) + where;
        };
    }

    /** For progress lines and the journal, e.g. "delay 200 ms", "loss 30 %", "partition from its peers". */
    public String describe() {
        return describe(between);
    }

    private String describe(Between side) {
        String what = switch (kind) {
            case DELAY -> "delay " + delay.toMillis() + " ms";
            case LOSS -> "loss " + (lossPercent == Math.rint(lossPercent) ? String.valueOf((long) lossPercent)
                    : String.valueOf(lossPercent)) + " %";
            case PARTITION -> "partition";
        };
        return switch (side) {
            case ALL -> what;
            case PEERS -> what + " from its peers";
            case CLIENTS -> what + " from its clients";
        };
    }
}
