package io.upgradelab.probe;

import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;

/**
 * Somewhere the probe reports to: a file, an endpoint, the console. Adding one is adding a class
 * and listing it where the probe is assembled ({@link io.upgradelab.probe.cli.ProbeCli}); the probe itself does not change.
 *
 * <p>{@link #ended} is called from the client's threads, concurrently; {@link #second} and
 * {@link #finished} from the probe's clock, one at a time.
 */
public interface ProbeOutput extends AutoCloseable {

    /** A call was scheduled (on the probe's clock thread). Keep it short. */
    default void scheduled() {
    }

    /** A call ended. Keep it short: it runs on the client's threads. */
    default void ended(CompletedCall call) {
    }

    /** A second ended: a crash after this returns must not lose what this second recorded. */
    default void second(ProbeSecond second) {
    }

    /** The run ended; every call is accounted for (or counted as in flight if it never ended). */
    default void finished(ProbeSummary summary) {
    }

    @Override
    default void close() {
    }
}
