package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The journal's last line: only a run that was not killed writes it.
 *
 * @param outcome     completed, failed, aborted or interrupted
 * @param abortReason the condition that ended it; null unless aborted
 * @param message     what failed; null unless something did
 */
@LineType("runEnded")
public record RunEnded(String outcome, int exitCode, double seconds,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String abortReason,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String message) {
}
