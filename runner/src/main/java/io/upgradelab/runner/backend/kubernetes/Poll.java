package io.upgradelab.runner.backend.kubernetes;

import io.upgradelab.runner.Deadline;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * How the kubernetes backend waits: it reads the resource from the API server again every
 * {@code interval} until the condition holds or the time is up, and tells a person every
 * {@code reportEvery} what it still sees. Reads rather than a watch: a read each second costs the
 * API server nothing worth saving, and a dropped or late watch event can then never lose a wait.
 */
record Poll(Duration interval, Duration reportEvery) {

    static final Poll DEFAULT = new Poll(Duration.ofSeconds(1), Duration.ofSeconds(30));

    /** Whether {@code done} held for a read within {@code timeout}; {@code stillWaiting} receives the last read now and then. */
    <T> boolean until(Supplier<T> read, Predicate<T> done, Duration timeout, Consumer<T> stillWaiting) {
        Deadline deadline = Deadline.after(timeout);
        long nextReport = System.nanoTime() + reportEvery.toNanos();
        for (T value = read.get(); !done.test(value); value = read.get()) {
            if (deadline.hasPassed()) {
                return false;
            }
            if (System.nanoTime() >= nextReport) {
                stillWaiting.accept(value);
                nextReport += reportEvery.toNanos();
            }
            deadline.awaitNextPoll(interval);
        }
        return true;
    }
}
