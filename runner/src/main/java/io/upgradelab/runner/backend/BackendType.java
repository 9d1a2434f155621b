package io.upgradelab.runner.backend;

import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One place a cluster can be: local processes, an existing staging cluster, Kubernetes, containers.
 * The engine names none of them; it asks {@link Backends} for the one the experiment's
 * {@code target.backend} names and gets a {@link Backend}. Adding a backend is writing its class
 * (found by {@link io.upgradelab.kinds.Kinds}); the schema names it, and describes its section
 * from {@link #settings()}.
 */
public interface BackendType {

    /** The name experiment files use ({@code target.backend: local}). */
    String name();

    /**
     * The record its own section, {@code target.<name>}, binds to ({@link Target} holds it under the
     * same name), or empty when it has no settings beyond {@code target}'s own fields. The schema's
     * {@code $defs/<name>} is written from this record, so a backend's settings are described once.
     */
    default Optional<Class<? extends Record>> settings() {
        return Optional.empty();
    }

    /** What phases and faults may ask of a cluster {@code target} describes; the plan refuses the others at their line. */
    Set<Capability> capabilities(Target target);

    /**
     * Reports what in {@code target} this backend cannot work with (e.g. a missing section, a port it
     * cannot use), before anything starts. Nothing by default. Another backend's section is not this
     * backend's to refuse: the schema refuses it, at its line, for every backend alike
     * ({@code target.<name>} is read by backend {@code <name>} only).
     */
    default void check(Target target, Problems problems) {
    }

    /**
     * Brings the cluster up (or finds it) as {@code target} says and returns once every node
     * answers and the members see each other.
     *
     * @param runDirectory where this run keeps files: node homes, logs, rendered manifests
     * @param progress     one line per step worth telling a person
     */
    Backend open(Target target, Path runDirectory, Consumer<String> progress) throws InterruptedException;
}
