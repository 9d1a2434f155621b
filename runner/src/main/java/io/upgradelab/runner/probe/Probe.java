package io.upgradelab.runner.probe;

import io.upgradelab.journal.ProbePhase;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.journal.SetUp;
import java.util.List;
import java.util.Optional;

/**
 * The consumer probe as the engine and observers use it, wherever it runs: a local process
 * ({@link ProbeProcess}, read from its files) or a pod of the lab image (read over its control port).
 */
public interface Probe extends AutoCloseable {

    /** Every whole second of its series so far, in order (a line being written is left for the next call). */
    List<ProbeSecond> series();

    /**
     * Tells the probe that {@code phase} began, so its JTL labels the calls from then on with it;
     * returns what went wrong, or empty when the probe took it. Nothing measured depends on it.
     */
    Optional<String> phaseBegan(ProbePhase phase);

    /** Asks the probe to stop calling, waits until it has accounted for every call, and returns its summary. */
    ProbeSummary stop();

    /** Whether it still calls: false once it exited (or its pod restarted) on its own. */
    boolean isAlive();

    /** Where a person reads why it ended, e.g. its console log. */
    String whereToLook();

    /** What the journal's {@code setUp} line says of where the probe runs, e.g. its pid. */
    SetUp.Placement whereItRuns();

    /** Stops it, summary or not. */
    @Override
    void close();
}
