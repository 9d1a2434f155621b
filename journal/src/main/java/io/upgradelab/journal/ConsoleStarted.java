package io.upgradelab.journal;

/**
 * A Nacos 3.x console started as a process of its own beside the cluster (the {@code consoleStarted}
 * journal line): 3.0 took the console off the nodes' port and gave it a port and an API of its own,
 * so a team that upgrades deploys one more process and points its people and scripts at it. What the
 * line holds is what that team needs to know before it does: how long the console took to answer,
 * whether it reaches every node, and whether its readiness check, the one a load balancer or a
 * Kubernetes probe would ask, says so.
 *
 * @param address   the console's {@code host:port}
 * @param version   the Nacos version it runs
 * @param millis    from its launch until it answered the lab's first listing, logged in
 * @param user      the user the lab logged in as
 * @param userMade  whether the lab made that user, the nodes knowing no admin, as a team does at its
 *                  first login to a 3.x console (a 3.x database, or an embedded cluster upgraded from 2.x)
 * @param members   the members it listed
 * @param services  the services of namespace {@code public} it listed
 * @param ready     whether its readiness check answered 200
 * @param readiness the readiness check's status and message, as the console gave them
 */
@LineType("consoleStarted")
public record ConsoleStarted(String address, String version, long millis, String user, boolean userMade,
                             int members, int services, boolean ready, String readiness) {

    /** One line for a person. */
    public String describe() {
        return "console " + address + " (" + version + "), a process of its own: answering in " + millis + " ms as "
                + user + (userMade ? " (made now: the nodes knew no admin)" : "") + ", lists " + members + " members and "
                + services + " services; its readiness check: " + (ready ? "ready" : "not ready (" + readiness + ")");
    }
}
