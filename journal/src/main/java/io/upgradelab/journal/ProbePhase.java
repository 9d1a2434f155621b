package io.upgradelab.journal;

import java.time.Instant;
import java.util.Objects;

/**
 * A phase began, as the runner tells the probe (its control port, {@code POST /phase}): the probe
 * cannot know the experiment's phases, and labels each call of its JTL with the phase it started
 * in, so JMeter's dashboard splits the calls by phase. Read and written by {@link ProbeJson}.
 *
 * @param index its number in the experiment, from 1
 * @param title its title, as the journal's phaseStarted line has it
 * @param at    when it began (the phaseStarted line's time, to the millisecond)
 */
public record ProbePhase(int index, String title, Instant at) {

    public ProbePhase {
        if (index < 1) {
            throw new IllegalArgumentException("field index: a phase is numbered from 1, not " + index);
        }
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(at, "at");
    }

    /** "phase 9: rolling server upgrade to 2.0.4 (3 nodes)": what the JTL's label column says of its calls. */
    public String label() {
        return "phase " + index + ": " + title;
    }
}
