package io.upgradelab.runner.backend;

import java.nio.file.Path;

/**
 * One node as a person needs to find it: where it answers, what runs there, and its log.
 *
 * @param pid the operating-system process id, or -1 where the backend has none
 * @param log the log to read first (the node's console output for local nodes), or null
 */
public record NodeStatus(int number, String address, String version, long pid, NodeState state, Path log) {
}
