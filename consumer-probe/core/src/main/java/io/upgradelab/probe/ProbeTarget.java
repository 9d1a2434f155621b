package io.upgradelab.probe;

import java.util.concurrent.CompletionStage;

/**
 * The service the probe calls, through a real client. The probe owns the clock and the books; the
 * target owns the client library, so one probe drives either client generation.
 */
public interface ProbeTarget extends AutoCloseable {

    /** What the calls are called in the outputs, e.g. {@code DemoService.sayHello}. */
    String label();

    /**
     * Starts one call without waiting for it. A call that fails before it leaves the client (no
     * provider, for instance) may throw here instead of completing exceptionally.
     */
    CompletionStage<?> call();

    /**
     * The {@code host:port} of the provider that gave {@code answer}, where the answer says; empty otherwise. With it
     * the JTL shows when a consumer stopped reaching a dead provider and started reaching a new one.
     */
    default String answeredBy(Object answer) {
        return "";
    }

    /** Which outcome a failed call's exception means. Never {@link Outcome#SUCCESS}. */
    CallOutcome classify(Throwable failure);

    /** Stops the client. */
    @Override
    void close();
}
