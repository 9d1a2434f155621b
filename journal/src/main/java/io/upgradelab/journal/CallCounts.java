package io.upgradelab.journal;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The probe's books over a span: calls scheduled, calls ended per outcome, the exception classes
 * behind {@code other}, and the calls in flight at the span's end. Over the run so far,
 * scheduled = ended + in flight, always.
 */
public record CallCounts(long scheduled, long success, long noProvider, long timeout, long network, long other,
                         long inFlight, Map<String, Long> otherClasses) {

    /** Nothing scheduled, nothing ended. */
    public static final CallCounts NONE = new CallCounts(0, 0, 0, 0, 0, 0, 0, Map.of());

    public CallCounts {
        otherClasses = otherClasses == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(otherClasses));
    }

    /** Calls that ended, in any outcome. */
    public long ended() {
        return success + noProvider + timeout + network + other;
    }

    /** Calls that ended in a failure. */
    public long failed() {
        return noProvider + timeout + network + other;
    }

    /** Successful calls in % of those that ended, rounded to 0.01 for display; 100 when none ended. */
    public double successPercent() {
        return ended() == 0 ? 100.0 : Math.round(10000.0 * success / ended()) / 100.0;
    }

    /** The two spans together, {@code later} following this one: its in-flight count is the sum's. */
    public CallCounts plus(CallCounts later) {
        Map<String, Long> classes = new TreeMap<>(otherClasses);
        later.otherClasses.forEach((name, count) -> classes.merge(name, count, Long::sum));
        return new CallCounts(scheduled + later.scheduled, success + later.success, noProvider + later.noProvider,
                timeout + later.timeout, network + later.network, other + later.other, later.inFlight, classes);
    }
}
