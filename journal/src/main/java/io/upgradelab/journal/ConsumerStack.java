package io.upgradelab.journal;

import java.util.List;
import java.util.Locale;

/**
 * What one consumer stack felt through one event of a {@code consumerStacks} phase (the {@code consumerStack}
 * journal line). The stacks ran side by side on the same cluster and called the same instances, so what differs
 * between their lines is the stack and its settings: the figures the report's recommendation is read from.
 *
 * @param stack         the stack and its settings, e.g. "Spring Cloud Gateway, load-balancer cache on"
 * @param event         {@code instanceKill} (an instance it calls killed, then a new one started), {@code nodeKill}
 *                      (a Nacos node killed and started again), or the kind of a phase run whole under the stacks
 *                      (e.g. {@code rollingServerUpgrade})
 * @param calls         the calls it started from the event on, until it settled
 * @param errors        of them, those that failed
 * @param secondsToStop from the event to the end of its last failed call: how long it kept calling a dead
 *                      instance, or kept failing; 0 when no call failed
 * @param secondsToNew  from a new instance's registration to the end of the first call it answered; null where no
 *                      new instance came (a node kill) or none answered within the bound
 * @param settled       whether it answered without error for the settle time before the bound
 * @param rate          the calls per second it made: a second of them is what a kill's calls in flight may cost
 * @param servers       the version of each node at the event, by node number
 */
@LineType("consumerStack")
public record ConsumerStack(String stack, String event, int calls, int errors, double secondsToStop, Double secondsToNew,
                            boolean settled, int rate, List<String> servers) {

    /** An instance of each kind killed (SIGKILL), then a new one started. */
    public static final String INSTANCE_KILL = "instanceKill";
    /** A Nacos node killed (SIGKILL) and started again. */
    public static final String NODE_KILL = "nodeKill";

    public ConsumerStack {
        servers = servers == null ? List.of() : List.copyOf(servers);
    }

    /** "Spring Cloud Gateway, load-balancer cache on, instanceKill: 359 of 902 calls failed over 26.5 s; new one after 19.9 s". */
    public String describe() {
        return stack + ", " + event + ": " + errors + " of " + calls + " calls failed"
                + (errors == 0 ? "" : String.format(Locale.ROOT, " over %.1f s", secondsToStop))
                + (secondsToNew == null ? "" : String.format(Locale.ROOT, "; new instance reached after %.1f s", secondsToNew))
                + (settled ? "" : "; not settled");
    }
}
