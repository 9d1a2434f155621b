package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabException;
import java.nio.file.Path;
import java.util.List;

/** A node that did not come up: the one-line cause, its log, and the log's last lines. */
public final class NodeStartException extends LabException {

    private final List<String> logTail;

    public NodeStartException(String message, Path log, List<String> logTail) {
        super(FAILED, message, log, null);
        this.logTail = List.copyOf(logTail);
    }

    public List<String> logTail() {
        return logTail;
    }
}
