package io.upgradelab.journal.registry;

import io.upgradelab.journal.LineType;
import java.time.Instant;

/**
 * One operation of the fleet on one instance, written when it ended: the line's {@code time} is when
 * the client returned (an acknowledgement for {@link Op#registered} and {@link Op#deregistered}), and
 * {@code requested} when the fleet asked. Only what the registry acknowledged is promised: a
 * registration that failed is not written (the fleet tries it again, and writes it when it succeeds).
 *
 * @param op            what happened to the instance
 * @param service       the Nacos service, e.g. {@code providers:org.upgradelab.demo.LoadService003::}
 * @param instance      its address, {@code ip:port}
 * @param client        the fleet's number of the virtual process (one Nacos client) that holds it
 * @param clientVersion the version of that client, e.g. {@code 1.4.1}
 * @param requested     when the fleet asked (for {@link Op#crashed}, when the client closed)
 */
@LineType("instanceOp")
public record InstanceOp(Op op, String service, String instance, int client, String clientVersion,
                         Instant requested) {

    /** What happened to an instance. */
    public enum Op {
        /** A line of a newer format this code does not know. */
        unknown,
        /** Registered and acknowledged: live from the line's time. */
        registered,
        /** Deregistered and acknowledged: not live from {@code requested}, gone from the line's time. */
        deregistered,
        /**
         * Asked to deregister, not confirmed (the call failed or its stop's budget ran out): not live from
         * {@code requested}; its client closes, so the registry must expire it by itself.
         */
        leftToExpire,
        /** Its client closed without deregistering (a crashed process): dead from the line's time. */
        crashed;

        /** Whether the instance is live after this operation. */
        public boolean live() {
            return this == registered;
        }
    }
}
