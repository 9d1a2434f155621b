package io.upgradelab.naming;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The nacos-client versions this JVM holds: one factory per shaded client jar on the classpath,
 * found by {@link ServiceLoader}, keyed by the version each client reports. The provider fleet
 * makes its naming clients from it, and the runner its config listeners; neither holds a list of its
 * own, so a version added to shading/ and to their dependencies is all it takes.
 */
public final class ClientCatalog {

    private final Map<String, NamingClientFactory> byVersion;

    public ClientCatalog(List<NamingClientFactory> factories) {
        Map<String, NamingClientFactory> map = new TreeMap<>(VersionOrder.NUMERIC);
        for (NamingClientFactory factory : factories) {
            NamingClientFactory twin = map.put(factory.clientVersion(), factory);
            if (twin != null) {
                throw new IllegalStateException("two shaded clients report version " + factory.clientVersion() + ": "
                        + twin.getClass().getName() + " and " + factory.getClass().getName());
            }
        }
        this.byVersion = Collections.unmodifiableMap(map);
    }

    /** The clients on this JVM's classpath. */
    public static ClientCatalog installed() {
        return new ClientCatalog(ServiceLoader.load(NamingClientFactory.class).stream().map(ServiceLoader.Provider::get)
                .toList());
    }

    /** Every version, in release order ({@link VersionOrder}). */
    public List<String> versions() {
        return List.copyOf(byVersion.keySet());
    }

    /** The version {@code name} (a version or a shorthand) stands for; an unknown one is a bad parameter. */
    public String version(String name) {
        String version = ClientVersions.canonical(name);
        if (!byVersion.containsKey(version)) {
            throw new IllegalArgumentException("unknown client version '" + name + "': this JVM has "
                    + String.join(", ", byVersion.keySet()) + " (shorthands: " + ClientVersions.SHORTHANDS.entrySet()
                    .stream().map(e -> e.getKey() + " = " + e.getValue()).collect(Collectors.joining(", ")) + ")");
        }
        return version;
    }

    public NamingClientFactory factory(String name) {
        return byVersion.get(version(name));
    }

    /** Beats the clients of every version have sent so far. */
    public long beatsSent() {
        return byVersion.values().stream().mapToLong(NamingClientFactory::beatsSent).sum();
    }

    /** Whether clients of {@code version} keep each instance alive by a beat of its own (1.x). */
    public boolean beatsPerInstance(String version) {
        return factory(version).beatsPerInstance();
    }
}
