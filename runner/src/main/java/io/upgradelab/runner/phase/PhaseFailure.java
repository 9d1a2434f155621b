package io.upgradelab.runner.phase;

/** A phase could not do what the experiment asked; the run stops there, as failed, and says why. */
public class PhaseFailure extends RuntimeException {

    public PhaseFailure(String message) {
        super(message);
    }

    public PhaseFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Whether the lab's own work, not the cluster, stopped advancing (journalled as the phase's
     * {@code cause}, so the gate says INCONCLUSIVE rather than blaming Nacos).
     */
    public boolean labsLimit() {
        return false;
    }
}
