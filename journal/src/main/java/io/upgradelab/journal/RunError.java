package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Something the run could not do, as it said it: a phase's or set-up's failure, a tear-down step that
 * failed, or an observer that threw (the round goes on without its sample).
 *
 * @param observer the observer that failed, or absent when it was not an observer
 * @param message  what went wrong
 */
@LineType("error")
public record RunError(@JsonInclude(JsonInclude.Include.NON_NULL) String observer, String message) {

    /** An error that is not an observer's. */
    public static RunError of(String message) {
        return new RunError(null, message);
    }
}
