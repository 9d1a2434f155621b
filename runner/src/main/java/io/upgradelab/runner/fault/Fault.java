package io.upgradelab.runner.fault;

import io.upgradelab.runner.engine.RunContext;
import java.time.Duration;

/**
 * Something done to one node for a while, then undone: the {@code fault} phase's action. Each kind
 * is one class, found by {@link #name()} through {@link java.util.ServiceLoader}; adding one is a
 * class, a line in META-INF/services/io.upgradelab.runner.fault.Fault and its name in the schema.
 */
public interface Fault {

    /** The name experiment files use ({@code fault: kill}). */
    String name();

    /** What it does, for the plan and progress, e.g. "kill node 2 (SIGKILL), start it again after 30 s". */
    String describe(int node, Duration duration);

    /** Expected wall time, including bringing the node back, for a node of {@code version}. */
    Duration expectedTime(Duration duration, String version);

    /** Injects it into {@code node} and undoes it after {@code duration}; returns when the node is back. */
    void inject(RunContext run, int node, Duration duration) throws InterruptedException;
}
