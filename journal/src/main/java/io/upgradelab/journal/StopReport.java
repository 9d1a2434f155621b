package io.upgradelab.journal;

/**
 * What one stop of providers (a shrink, a client batch, the fleet's close) achieved against the
 * server, so that a run against a collapsed cluster says how much it could not deregister.
 *
 * @param requested     providers the stop was to deregister
 * @param deregistered  deregistrations the server confirmed within the budget
 * @param failed        deregistrations that failed (an error from the client or the server)
 * @param leftToExpire  providers not deregistered (failed, abandoned at the deadline, or never tried):
 *                      the server removes them by its own heartbeat timeout
 * @param clientsClosed clients of stopped processes that closed
 * @param firstError    the first failure's message, or ""
 * @param seconds       how long the stop took
 */
public record StopReport(int requested, int deregistered, int failed, int leftToExpire, int clientsClosed,
                         String firstError, double seconds) {

    /** Before any stop. */
    public static final StopReport NONE = new StopReport(0, 0, 0, 0, 0, "", 0);
}
