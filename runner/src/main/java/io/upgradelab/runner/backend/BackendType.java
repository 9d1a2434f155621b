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
     * same name), or empty when its settings are {@code target}'s own fields. The schema's
     * {@code $defs/<name>} is written from this record, so a backend's settings are described once.
     */
    default Optional<Class<? extends Record>> settings() {
        return Optional.empty();
    }

    /** What phases and faults may ask of a cluster {@code target} describes; the plan refuses the others at their line. */
    Set<Capability> capabilities(Target target);

    /**
     * Reports what in {@code target} this backend cannot work with (e.g. a missing section), before
     * anything starts. This default refuses brought-in servers ({@code target.servers}): only a
     * backend that starts Nacos itself from an archive or folder can run them, and one that does
     * says so by overriding it; the others call it from their own check. Likewise {@code storage:
     * mysql}: only a backend that manages the database beside its nodes can run it; and {@code nodeCpus}
     * and {@code nodeAddresses}, which set local processes' CPU and addresses.
     */
    default void check(Target target, Problems problems) {
        if (!target.servers().isEmpty()) {
            problems.add("servers", "brought-in servers run on backend local only; backend " + name()
                    + " does not start Nacos from an archive or folder: remove 'servers', or use backend local");
        }
        if (target.storage() != Storage.EMBEDDED) {
            problems.add("storage", "storage " + target.storage().fileName() + " runs on backend local only (a"
                    + " lab-managed local MariaDB); backend " + name() + " does not manage a database beside its"
                    + " nodes: remove 'storage', or use backend local");
        }
        if (target.nodeCpus() != null) {
            problems.add("nodeCpus", "nodeCpus limits local node processes (a cgroup each); backend " + name()
                    + " sets its nodes' CPU its own way: remove 'nodeCpus', or use backend local");
        }
        if (!target.nodeAddresses().isEmpty()) {
            problems.add("nodeAddresses", "nodeAddresses places local node processes; backend " + name()
                    + " has its nodes' addresses its own way: remove 'nodeAddresses', or use backend local");
        }
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
