package io.upgradelab.probe;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/** A target whose n-th call (0-based) does what {@code behaviour} says: a unit test of the probe's own logic. */
final class FakeTarget implements ProbeTarget {

    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    private final IntFunction<CompletionStage<?>> behaviour;
    private final AtomicInteger calls = new AtomicInteger();

    FakeTarget(IntFunction<CompletionStage<?>> behaviour) {
        this.behaviour = behaviour;
    }

    static CompletionStage<?> answer() {
        return CompletableFuture.completedFuture("hello");
    }

    @Override
    public String label() {
        return "Fake.call";
    }

    @Override
    public CompletionStage<?> call() {
        return behaviour.apply(calls.getAndIncrement());
    }

    /** IllegalStateException: no provider; Refused: network; the watchdog's TimeoutException: timeout. */
    @Override
    public CallOutcome classify(Throwable failure) {
        if (failure instanceof IllegalStateException) {
            return CallOutcome.failure(Outcome.NO_PROVIDER, failure);
        }
        if (failure instanceof Refused) {
            return CallOutcome.failure(Outcome.NETWORK, failure);
        }
        if (failure instanceof java.util.concurrent.TimeoutException) {
            return CallOutcome.failure(Outcome.TIMEOUT, failure);
        }
        return CallOutcome.failure(Outcome.OTHER, failure);
    }

    @Override
    public void close() {
    }
}
