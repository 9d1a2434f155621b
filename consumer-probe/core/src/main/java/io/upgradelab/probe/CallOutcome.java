package io.upgradelab.probe;

/**
 * The outcome of one call with what the consumer said about a failure.
 *
 * @param outcome        the class of the outcome
 * @param exceptionClass the failure's exception class (null on success)
 * @param message        the failure's message, first line (null on success)
 */
public record CallOutcome(Outcome outcome, String exceptionClass, String message) {

    private static final CallOutcome SUCCESS = new CallOutcome(Outcome.SUCCESS, null, null);

    public static CallOutcome success() {
        return SUCCESS;
    }

    public static CallOutcome failure(Outcome outcome, Throwable cause) {
        String message = cause.getMessage() == null ? "" : cause.getMessage().lines().findFirst().orElse("");
        return new CallOutcome(outcome, cause.getClass().getName(), message);
    }

    public boolean succeeded() {
        return outcome == Outcome.SUCCESS;
    }
}
