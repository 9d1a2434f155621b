package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabException;
import java.nio.file.Path;
import java.util.List;

/**
 * A node that did not come up: the one-line cause, its log, and the log's last lines. A type of
 * its own so that callers can tell a node that failed from a cluster that did not form.
 */
public final class NodeStartException extends LabException {

    public NodeStartException(String message, Path log, List<String> logTail) {
        super(FAILED, message, log, logTail);
    }
}
