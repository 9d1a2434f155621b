package io.upgradelab.probe;

/**
 * One call as it ended.
 *
 * @param intendedStartMillis when the schedule said it should start (epoch milliseconds)
 * @param latencyMicros       from the intended start to the end
 * @param outcome             what it meant
 * @param answerLength        characters of the answer (0 on failure)
 * @param inFlight            calls in flight when it ended, itself included
 * @param answeredBy          the {@code host:port} of the provider that answered, as its answer says; empty on failure
 */
public record CompletedCall(long intendedStartMillis, long latencyMicros, CallOutcome outcome, int answerLength,
                            long inFlight, String answeredBy) {

    public CompletedCall {
        answeredBy = answeredBy == null ? "" : answeredBy;
    }

    /** A call whose answer names no provider. */
    public CompletedCall(long intendedStartMillis, long latencyMicros, CallOutcome outcome, int answerLength,
                         long inFlight) {
        this(intendedStartMillis, latencyMicros, outcome, answerLength, inFlight, "");
    }
}
