package io.upgradelab.runner.backend;

import io.upgradelab.runner.LabException;
import java.nio.file.Path;
import java.util.List;

/**
 * The nodes did not agree on their members in time: a node sees a peer DOWN, absent or at another
 * version. At a cluster's start it fails the start like any other failure. During an upgrade along a
 * path Nacos does not support (1.x straight to 2.2+: the new node dials its peers' gRPC cluster ports,
 * which 1.x does not have, and marks them DOWN), it is what the experiment is there to show, so the
 * upgrade journals it as a warning and goes on, and the gate judges what consumers felt.
 */
public final class ClusterNotFormed extends LabException {

    public ClusterNotFormed(String message, Path logFile) {
        super(FAILED, message, logFile, List.of());
    }
}
