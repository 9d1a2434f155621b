package io.upgradelab.providers.fleet;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Tries a failed registration again the way a Dubbo 2.7 provider does (FailbackRegistry with its
 * defaults {@code registry.retry.period} 5 s and {@code registry.retry.times} 3), so a registry
 * that refuses for a while, a node restarting or a cluster still in 1.x-compatible mode, costs the
 * fleet what it costs real providers and no more. Why it matters: without it every refusal during
 * an upgrade stays a lost provider for the rest of the run, and the run overstates the damage.
 *
 * <p>A retry that is no longer wanted (its process stopped or was restarted, or the fleet shrank
 * below the provider) is dropped, as Dubbo's unregister drops the failed registration. After the
 * last try the provider stays unregistered, as a Dubbo provider does until it restarts.
 */
final class FailbackRetry implements AutoCloseable {

    /** Dubbo 2.7's {@code registry.retry.period} default. */
    static final Duration DUBBO_PERIOD = Duration.ofSeconds(5);
    /** Dubbo 2.7's {@code registry.retry.times} default. */
    static final int DUBBO_TIMES = 3;

    /** One registration to try again: whether it is still wanted, and the call itself. */
    interface Attempt {
        boolean wanted();

        /** Registers; throws as the client does when the server refuses (the caller counts the failure). */
        void run() throws Exception;
    }

    private final Duration period;
    private final int times;
    /** Where retries run: the fleet's registration threads, so a slow server does not serialize them. */
    private final Executor calls;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(r -> Fleet.daemon(r, "fleet-failback"));

    FailbackRetry(Duration period, int times, Executor calls) {
        this.period = period;
        this.times = times;
        this.calls = calls;
    }

    /** {@code attempt} failed for the first time: it is tried again up to {@code times} times. */
    void failed(Attempt attempt) {
        schedule(attempt, 1);
    }

    private void schedule(Attempt attempt, int retry) {
        if (retry > times || timer.isShutdown()) {
            return;
        }
        try {
            timer.schedule(() -> calls.execute(() -> tryAgain(attempt, retry)), period.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the fleet is closing: nothing is registered any more
        }
    }

    private void tryAgain(Attempt attempt, int retry) {
        if (timer.isShutdown() || !attempt.wanted()) {
            return;
        }
        try {
            attempt.run();
        } catch (Exception e) {
            schedule(attempt, retry + 1);
        }
    }

    /** Drops every pending retry: the fleet is stopping its providers. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
