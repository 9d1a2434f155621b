package io.upgradelab.runner.engine;

import io.upgradelab.runner.LabException;

/** How a run ended, and the exit code it gives. */
public enum RunOutcome {
    /** Every phase ran. Whether the upgrade passed is the gate's question, not the engine's. */
    COMPLETED(0),
    /** A phase could not do what it was asked (a node did not start, a wait timed out...). */
    FAILED(LabException.FAILED),
    /** An abort condition of the experiment held. */
    ABORTED(LabException.FAILED),
    /** Ctrl-C (or SIGTERM): stopped cleanly on request. */
    INTERRUPTED(LabException.INTERRUPTED);

    private final int exitCode;

    RunOutcome(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** How the journal writes it: {@code completed}, {@code failed}, ... */
    public String journalName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
