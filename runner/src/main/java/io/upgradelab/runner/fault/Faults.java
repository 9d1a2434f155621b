package io.upgradelab.runner.fault;

import io.upgradelab.kinds.Kinds;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The faults, by name: each class of the lab that implements {@link Fault} ({@link Kinds}). */
public final class Faults {

    private static final Map<String, Fault> BY_NAME = new TreeMap<>();

    static {
        Kinds.instances(Fault.class).forEach(f -> BY_NAME.put(f.name(), f));
    }

    private Faults() {
    }

    public static Optional<Fault> named(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static java.util.Set<String> names() {
        return BY_NAME.keySet();
    }
}
