package io.upgradelab.runner.fault;

import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.Optional;

/**
 * Something done to one node for a while, then undone: the {@code fault} phase's action. Each kind
 * is one class, found by {@link #name()} ({@link io.upgradelab.kinds.Kinds}). The fields a fault
 * takes beside the phase's own ({@code delay}, {@code percent}) are a record of its own
 * ({@link #parameters()}), so that each fault reads them typed and the schema describes them per
 * fault.
 */
public interface Fault {

    /** The parameters of a fault that takes no fields beside the phase's. */
    record None() {
    }

    /** The name experiment files use ({@code fault: kill}). */
    String name();

    /**
     * The record the phase's extra fields bind to ({@link FaultPhase#parameters(Class)}): its
     * components are the fields, {@code @JsonProperty(required = true)} where a file must give one.
     */
    default Class<? extends Record> parameters() {
        return None.class;
    }

    /** What it does, for the plan and progress, e.g. "kill node 2 (SIGKILL), start it again after 30 s". */
    String describe(FaultPhase spec);

    /** Reports what the bound parameters cannot do, fields named relative to the phase. Nothing by default. */
    default void check(FaultPhase spec, Problems problems) {
    }

    /** What it asks of the cluster's backend; the plan refuses it on a backend without it. */
    Capability needs();

    /** What this phase's own fields ask beyond {@link #needs()} (a partition from peers alone); nothing by default. */
    default Optional<Capability> alsoNeeds(FaultPhase spec) {
        return Optional.empty();
    }

    /** What it does to the node, as backends carry it out or render it (e.g. as a Chaos Mesh resource). */
    NodeFault action(FaultPhase spec);

    /** Expected wall time, including bringing the node back, for a node of {@code version}. */
    Duration expectedTime(FaultPhase spec, String version);

    /** Injects it into {@code spec.node()} and undoes it after {@code spec.duration()}; returns when the node is back. */
    void inject(RunContext run, FaultPhase spec) throws InterruptedException;
}
