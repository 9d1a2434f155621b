package io.upgradelab.runner.phase;

/** A phase could not do what the experiment asked; the run stops there, as failed, and says why. */
public final class PhaseFailure extends RuntimeException {

    public PhaseFailure(String message) {
        super(message);
    }

    public PhaseFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
