package io.upgradelab.runner.observe;

import io.upgradelab.runner.journal.Journal;

/**
 * One kind of sample, taken every {@code observeEvery} while a run lasts. An observer reads what it
 * watches, keeps the newest values in {@link Observations} (for conditions and the live display) and
 * appends what it saw to the journal (for reports). Adding one is adding a class and listing it
 * in {@link Observers#all()}.
 */
public interface Observer {

    /** The name its journal lines carry ({@code "observer": "nodeCounts"}). */
    String name();

    /** Takes one sample. A failure to reach one node is part of the sample, not an exception. */
    void observe(Observed observed, Observations into, Journal journal);

    /**
     * When it samples within a round: every observer of a stage after the observers of the stages
     * before it, so one that reads another's sample of the same round from {@link Observations} runs
     * after it. 0 (the default): it reads only the systems under test.
     */
    default int stage() {
        return 0;
    }

    /**
     * After a phase's last round (and the run's): journals what it still holds, such as counts of
     * repeats, so they count in the phase they happened in. Nothing by default.
     */
    default void flush(Observed observed, Journal journal) {
    }

    /**
     * Whether a run of it costs the nodes or the runner more than a few calls (a full config check, a
     * catalog diff, a log scan): such an observer is paced to a share of the observation's time, sits
     * out of the {@code minimal} observation set, and always takes a fresh view when it runs. False
     * (the default): it runs every round.
     */
    default boolean expensive() {
        return false;
    }
}
