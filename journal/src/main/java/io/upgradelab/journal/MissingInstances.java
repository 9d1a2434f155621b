package io.upgradelab.journal;

import java.time.Instant;
import java.util.List;

/**
 * Which registered providers a node does not list: the fleet's registrations, per client, against
 * the node's own listing, written when what a node misses changes (and once with nothing missing when
 * it holds them all again), so a loss can be traced to a client, a node and a moment. A provider
 * counts as missing once two consecutive diffs found it missing; {@code since} is the first of them.
 *
 * @param node      the node
 * @param expected  the providers it should hold (see {@link NodeCountsSample#expected()})
 * @param listed    the providers it listed
 * @param missing   the registered fleet providers it missed, all of them (named or not below)
 * @param clients   the clients (virtual provider processes) with missing providers, most first, at most
 *                  {@link #MOST_NAMED}
 * @param instances missing providers by service and client, earliest first, at most {@link #MOST_NAMED}
 * @param complete  false when the diff ran out of time before it listed every service the node was short in
 */
@LineType("missingInstances")
public record MissingInstances(int node, int expected, int listed, int missing, List<Client> clients,
                               List<Instance> instances, boolean complete) {

    /** The most clients, and instances, one line names. */
    public static final int MOST_NAMED = 20;

    public MissingInstances {
        clients = clients == null ? List.of() : List.copyOf(clients);
        instances = instances == null ? List.of() : List.copyOf(instances);
    }

    /**
     * A client whose providers the node missed.
     *
     * @param client the fleet's number of the virtual process (one Nacos client, one port)
     * @param since  when the earliest of them went missing
     */
    public record Client(int client, int port, int missing, Instant since) {
    }

    /** One missing provider: its service, client and port, and when it went missing. */
    public record Instance(String service, int client, int port, Instant since) {
    }

    /** "node 2 misses 20 of 282 registered: client 3 (port 30003) 20 since 12:03:05Z", or "node 2 misses none any more". */
    public String describe() {
        if (missing == 0) {
            return "node " + node + " misses no registered provider any more (" + listed + " listed, " + expected
                    + " expected)";
        }
        StringBuilder text = new StringBuilder("node " + node + " misses " + missing + " registered provider"
                + (missing == 1 ? "" : "s") + " (" + listed + " listed, " + expected + " expected): ");
        for (int i = 0; i < clients.size(); i++) {
            Client c = clients.get(i);
            text.append(i == 0 ? "" : ", ").append("client ").append(c.client()).append(" (port ").append(c.port())
                    .append(") ").append(c.missing()).append(" since ").append(c.since());
        }
        return text.append(complete ? "" : "; not every short service was listed").toString();
    }
}
