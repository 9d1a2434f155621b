package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/**
 * Something done to one node for a while, then undone: the {@code fault} phase's action. Each kind
 * is one class, found by {@link #name()} ({@link io.upgradelab.reports.Kinds}); adding one is writing
 * the class and its name in the schema's fault enum (ExperimentSchemaTest fails until both agree).
 */
public interface Fault {

    /** The name experiment files use ({@code fault: kill}). */
    String name();

    /** What it does, for the plan and progress, e.g. "kill node 2 (SIGKILL), start it again after 30 s". */
    String describe(FaultPhase spec);

    /**
     * Reports the phase's fields this fault needs and lacks, or has and would ignore. By default a
     * fault acts on the node itself and takes neither {@code delay} nor {@code percent}.
     */
    default void check(FaultPhase spec, Problems problems) {
        if (spec.delay() != null) {
            problems.add("delay", "fault " + name() + " takes no delay (only fault delay does)");
        }
        if (spec.percent() != null) {
            problems.add("percent", "fault " + name() + " takes no percent (only fault loss does)");
        }
    }

    /** What it asks of the cluster's backend; the plan refuses it on a backend without it. */
    Capability needs();

    /** What it does to the node, as backends carry it out or render it (e.g. as a Chaos Mesh resource). */
    NodeFault action(FaultPhase spec);

    /** Expected wall time, including bringing the node back, for a node of {@code version}. */
    Duration expectedTime(FaultPhase spec, String version);

    /** Injects it into {@code spec.node()} and undoes it after {@code spec.duration()}; returns when the node is back. */
    void inject(RunContext run, FaultPhase spec) throws InterruptedException;
}
