package io.upgradelab.runner.backend;

import io.upgradelab.kinds.Kinds;
import io.upgradelab.runner.LabException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The backends, by name: each class of the lab that implements {@link BackendType} ({@link Kinds}). */
public final class Backends {

    private static final Map<String, BackendType> BY_NAME = new TreeMap<>();

    static {
        Kinds.instances(BackendType.class).forEach(b -> BY_NAME.put(b.name(), b));
    }

    private Backends() {
    }

    public static Optional<BackendType> named(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The backend {@code name}, or an INVALID_INPUT error listing the known ones. */
    public static BackendType require(String name) {
        return named(name).orElseThrow(() -> new LabException(LabException.INVALID_INPUT,
                "unknown backend '" + name + "'; known: " + names()));
    }

    public static Set<String> names() {
        return BY_NAME.keySet();
    }
}
