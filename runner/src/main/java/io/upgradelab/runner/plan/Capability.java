package io.upgradelab.runner.plan;

/**
 * Something a phase or fault needs the cluster's backend to do. A backend declares what it can
 * ({@code BackendType.capabilities}); the plan checks each phase against it, so a {@code kill} on a
 * backend that cannot kill is an error at its line in {@code validate}, not a failure mid-run.
 */
public enum Capability {

    KILL("kill a node"),
    PAUSE("pause a node"),
    RESTART("restart a node"),
    NETWORK("disturb the network to a node"),
    NETWORK_BETWEEN("disturb the network between a node and its peers, or its clients, alone (nodes at addresses of"
            + " their own: target.local.nodeAddresses)"),
    UPGRADE("upgrade a node to another version"),
    CONSOLE("run the Nacos 3.x console as a process of its own");

    private final String action;

    Capability(String action) {
        this.action = action;
    }

    /** What it lets a phase do, e.g. "kill a node". */
    public String action() {
        return action;
    }
}
