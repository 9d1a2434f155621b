package io.upgradelab.runner.backend;

import io.upgradelab.runner.LabException;
import java.nio.file.Path;
import java.util.List;

/**
 * A node came back and its members agree, yet a node still refuses registrations: a known Nacos
 * failure after a restart in a mixed cluster (alibaba/nacos #12070, "receive invalid redirect request
 * from peer": two nodes' distro views disagree on who owns a service). At a cluster's start it fails
 * the start like any other; during an upgrade it is what the experiment is there to see, so the
 * upgrade journals it as a warning and goes on, and the gate judges it.
 */
public final class RegistrationsRefused extends LabException {

    public RegistrationsRefused(String message, Path logFile) {
        super(FAILED, message, logFile, List.of());
    }
}
