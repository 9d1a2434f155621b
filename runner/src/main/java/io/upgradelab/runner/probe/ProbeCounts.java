package io.upgradelab.runner.probe;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Map;

/**
 * The probe's books over a span, as it writes them (consumer-probe's Counts): scheduled calls,
 * ended calls per outcome, the exception classes behind "other", calls in flight at the end.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProbeCounts(long scheduled, long success, long noProvider, long timeout, long network, long other,
                          long inFlight, Map<String, Long> otherClasses) {

    /** Calls that ended, in any outcome. */
    public long ended() {
        return success + noProvider + timeout + network + other;
    }

    /** Calls that ended in a failure. */
    public long failed() {
        return noProvider + timeout + network + other;
    }
}
