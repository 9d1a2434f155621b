package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabException;
import java.nio.file.Path;
import java.util.List;

/**
 * A node that did not come up: the one-line cause, its log, and the log's last lines. A type of
 * its own so that callers can tell a node that failed from a cluster that did not form, and a
 * passing failure (one that starting the node again cures) from a lasting one.
 */
public final class NodeStartException extends LabException {

    private final boolean passing;

    public NodeStartException(String message, Path log, List<String> logTail, boolean passing) {
        super(FAILED, message, log, logTail);
        this.passing = passing;
    }

    /** Whether the cause is one Nacos gets over when the node is launched again; see {@link StartupLog#passingFailure}. */
    public boolean passing() {
        return passing;
    }
}
