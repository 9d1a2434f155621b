package io.upgradelab.runner.engine;

import io.upgradelab.journal.LabFootprint;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.RunError;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.observe.LabFootprintMeter;
import io.upgradelab.runner.observe.ObservationSet;
import io.upgradelab.runner.observe.ObserverPace;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.observe.Observed;
import io.upgradelab.runner.observe.Observer;
import io.upgradelab.runner.observe.Observers;
import io.upgradelab.runner.observe.PhaseTally;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs every observer once per interval on a thread of its own, so samples keep coming while a
 * phase blocks (a node restarting, the fleet ramping), in the order of their stages. After each round
 * it feeds the running phase's tally (with the expected instance count the fleet observer set), lets
 * the engine check its abort conditions and wakes anyone waiting for a fresh round.
 *
 * <p>The lab observes the cluster it judges, so observation has a budget: an {@link Observer#expensive()
 * expensive} observer runs only when its own time stays within {@link ObserverPace#SHARE} of the
 * observation's ({@link ObserverPace}), and every round, observer and request is measured
 * ({@link LabFootprintMeter}). A phase's last round ({@link #sampleNow()}) runs every observer, so
 * each phase ends with a fresh view of everything.
 */
final class Sampler implements AutoCloseable {

    private final Observed observed;
    private final Observations observations;
    private final Journal journal;
    private final Duration interval;
    private final Consumer<Observations> afterRound;
    private final List<Observer> observers;
    private final Map<Observer, ObserverPace> paces = new HashMap<>();
    private final LabFootprintMeter meter;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "observers");
        t.setDaemon(true);
        return t;
    });
    private final Object roundLock = new Object();
    private volatile PhaseTally tally = new PhaseTally();
    private int probeSecondsTallied;

    Sampler(Observed observed, Observations observations, Journal journal, Duration interval,
            ObservationSet set, Consumer<Observations> afterRound) {
        this.observed = observed;
        this.observations = observations;
        this.journal = journal;
        this.interval = interval;
        this.afterRound = afterRound;
        this.observers = Observers.all().stream().filter(set::includes).toList();
        this.meter = new LabFootprintMeter(observed, observations, interval, set.journalName());
    }

    void start() {
        thread.scheduleWithFixedDelay(() -> round(false), 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A fresh tally for the phase that starts now; the lab's footprint is measured from here. */
    PhaseTally beginPhase() {
        meter.begin();
        tally = new PhaseTally();
        return tally;
    }

    /** What the lab cost in the phase that ends now, {@code seconds} long. */
    LabFootprint footprint(double seconds) {
        return meter.end(seconds);
    }

    /**
     * Takes one round now, then lets the observers journal what they still hold (on the sampler's
     * thread), and waits for it: a phase's last sample, journalled in the phase.
     */
    void sampleNow() {
        try {
            thread.submit(() -> {
                round(true);
                flush();
            }).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the sampler is closing, or the round failed and journalled why
        }
    }

    /** Waits until a round completes after {@code round}, or {@code millis} pass. */
    void awaitRoundAfter(long round, long millis) throws InterruptedException {
        long until = System.currentTimeMillis() + millis;
        synchronized (roundLock) {
            while (observations.rounds() <= round && System.currentTimeMillis() < until) {
                roundLock.wait(Math.max(1, until - System.currentTimeMillis()));
            }
        }
    }

    /** One round: every observer due, or every observer ({@code everyone}: a phase's last round). */
    private void round(boolean everyone) {
        long began = System.nanoTime();
        for (Observer observer : observers) {
            ObserverPace pace = observer.expensive() ? paces.computeIfAbsent(observer, o -> new ObserverPace()) : null;
            if (pace != null && !everyone && !pace.due(began)) {
                meter.skipped(observer.name());
                continue;
            }
            long start = System.nanoTime();
            try {
                observer.observe(observed, observations, journal);
            } catch (RuntimeException e) {
                journal.append(new RunError(observer.name(), String.valueOf(e.getMessage())));
            }
            long took = System.nanoTime() - start;
            if (pace != null) {
                pace.ran(start, took);
            }
            meter.ran(observer.name(), observer.expensive(), took / 1e9);
        }
        meter.roundTook((System.nanoTime() - began) / 1e9);
        observations.completeRound();
        PhaseTally current = tally;
        current.addRound(observations.nodes(), observations.resources(), observations.expectedInstances());
        List<ProbeSecond> seconds = observations.probeSecondsSince(probeSecondsTallied);
        seconds.forEach(current::addProbe);
        probeSecondsTallied += seconds.size();
        afterRound.accept(observations);
        synchronized (roundLock) {
            roundLock.notifyAll();
        }
    }

    /** What the observers still hold (counts not yet journalled), after a phase's last round. */
    private void flush() {
        for (Observer observer : observers) {
            try {
                observer.flush(observed, journal);
            } catch (RuntimeException e) {
                journal.append(new RunError(observer.name(), String.valueOf(e.getMessage())));
            }
        }
    }

    /**
     * The last round, then no more: a round already under way finishes rather than being interrupted,
     * which would journal its nodes as unreachable ("interrupted") when the lab only stopped asking.
     */
    @Override
    public void close() {
        sampleNow();
        thread.shutdown();
        try {
            if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
