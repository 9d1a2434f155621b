package io.upgradelab.runner.backend;

/** How a node goes down. */
public enum StopMode {
    /** SIGTERM and a grace period: the node shuts down as an operator would stop it. */
    GRACEFUL,
    /** SIGKILL: a crash, nothing is flushed or deregistered. */
    KILL
}
