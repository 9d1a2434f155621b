package io.upgradelab.runner.engine;

import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.observe.Observed;
import io.upgradelab.runner.observe.Observer;
import io.upgradelab.runner.observe.Observers;
import io.upgradelab.runner.observe.PhaseTally;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs every observer once per interval on a thread of its own, so samples keep coming while a
 * phase blocks (a node restarting, the fleet ramping). After each round it updates the expected
 * instance count, feeds the running phase's tally, lets the engine check its abort conditions and
 * wakes anyone waiting for a fresh round.
 */
final class Sampler implements AutoCloseable {

    /** Rounds a registration may take to show on every node before its absence counts (see PhaseTally). */
    private static final int GRACE_ROUNDS = 2;

    private final Observed observed;
    private final Observations observations;
    private final Journal journal;
    private final Duration interval;
    private final Consumer<Observations> afterRound;
    private final List<Observer> observers = Observers.all();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "observers");
        t.setDaemon(true);
        return t;
    });
    private final Object roundLock = new Object();
    private volatile PhaseTally tally = new PhaseTally();
    private final java.util.ArrayDeque<Integer> registeredBefore = new java.util.ArrayDeque<>();
    private int probeSecondsTallied;

    Sampler(Observed observed, Observations observations, Journal journal, Duration interval,
            Consumer<Observations> afterRound) {
        this.observed = observed;
        this.observations = observations;
        this.journal = journal;
        this.interval = interval;
        this.afterRound = afterRound;
    }

    void start() {
        thread.scheduleWithFixedDelay(this::round, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A fresh tally for the phase that starts now. */
    PhaseTally beginPhase() {
        tally = new PhaseTally();
        return tally;
    }

    /** Takes one round now (on the sampler's thread) and waits for it: a phase's last sample. */
    void sampleNow() {
        try {
            thread.submit(this::round).get(60, TimeUnit.SECONDS);
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

    private void round() {
        for (Observer observer : observers) {
            try {
                observer.observe(observed, observations, journal);
            } catch (RuntimeException e) {
                journal.append("error", Map.of("observer", observer.name(), "message", String.valueOf(e.getMessage())));
            }
        }
        int registered = observations.fleet().map(f -> f.totalProviders()).orElse(0) + observed.demoProviders().alive();
        registeredBefore.addLast(registered);
        if (registeredBefore.size() > GRACE_ROUNDS + 1) {
            registeredBefore.removeFirst();
        }
        int expected = registeredBefore.stream().mapToInt(Integer::intValue).min().orElse(registered);
        observations.completeRound(expected);
        PhaseTally current = tally;
        current.addRound(observations.nodes(), observations.resources(), expected);
        List<ProbeSecond> seconds = observations.probeSecondsSince(probeSecondsTallied);
        seconds.forEach(current::addProbe);
        probeSecondsTallied += seconds.size();
        afterRound.accept(observations);
        synchronized (roundLock) {
            roundLock.notifyAll();
        }
    }

    @Override
    public void close() {
        sampleNow();
        thread.shutdownNow();
        try {
            thread.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
