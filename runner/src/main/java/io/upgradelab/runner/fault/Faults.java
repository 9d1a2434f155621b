package io.upgradelab.runner.fault;

import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The faults on the class path, by name. */
public final class Faults {

    private static final Map<String, Fault> BY_NAME = new TreeMap<>();

    static {
        ServiceLoader.load(Fault.class).forEach(f -> BY_NAME.put(f.name(), f));
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
