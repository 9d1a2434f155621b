package io.upgradelab.runner.backend;

import io.upgradelab.journal.SetUp;
import java.nio.file.Path;

/**
 * One node as a person needs to find it: where it answers, what runs there, and its log.
 *
 * @param pid the operating-system process id, or -1 where the backend has none
 * @param log the log to read first (the node's console output for local nodes), or null
 */
public record NodeStatus(int number, String address, String version, long pid, NodeState state, Path log) {

    /** The node as the journal's set-up line records it (its log as a URI). */
    public SetUp.ClusterNode asJournalled() {
        return new SetUp.ClusterNode(number, address, version, pid, state == null ? null : state.name(),
                log == null ? null : log.toUri().toString());
    }
}
