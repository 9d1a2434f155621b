package io.upgradelab.probe;

import io.upgradelab.journal.ProbePhase;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The experiment's phases as the runner tells the probe of them ({@code POST /phase} on the control
 * port): the probe alone cannot know them. A call belongs to the phase its intended start fell in,
 * as the report counts a probe second in the phase it ended in, by time; a call before the first
 * phase told (set-up, or a probe run without a runner) belongs to none. Safe for the client's
 * threads to read while the control port's thread adds.
 */
public final class Phases {

    /** Phase starts in epoch milliseconds; a phase told twice at once keeps the later telling. */
    private final ConcurrentSkipListMap<Long, ProbePhase> starts = new ConcurrentSkipListMap<>();

    /** The runner says {@code phase} began. */
    public void began(ProbePhase phase) {
        starts.put(phase.at().toEpochMilli(), phase);
    }

    /** The label of the phase a call intended to start at {@code epochMillis} belongs to, or {@code none}. */
    public String labelAt(long epochMillis, String none) {
        Map.Entry<Long, ProbePhase> phase = starts.floorEntry(epochMillis);
        return phase == null ? none : phase.getValue().label();
    }
}
