package io.upgradelab.providers.fleet;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.naming.NamingClientFactory;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The nacos-client versions this JVM holds: one factory per shaded client jar on the classpath,
 * found by {@link ServiceLoader}, keyed by the version each client reports. The fleet has no list
 * of its own, so a version added to shading/ and to the fleet's dependencies is all it takes.
 */
final class ClientCatalog {

    private final Map<String, NamingClientFactory> byVersion;

    ClientCatalog(List<NamingClientFactory> factories) {
        Map<String, NamingClientFactory> map = new TreeMap<>();
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
    static ClientCatalog installed() {
        return new ClientCatalog(ServiceLoader.load(NamingClientFactory.class).stream().map(ServiceLoader.Provider::get)
                .toList());
    }

    /** Every version, in order. */
    List<String> versions() {
        return List.copyOf(byVersion.keySet());
    }

    /** The version {@code name} (a version or a shorthand) stands for; an unknown one is a bad parameter. */
    String version(String name) {
        String version = ClientVersions.canonical(name);
        if (!byVersion.containsKey(version)) {
            throw new IllegalArgumentException("unknown client version '" + name + "': this fleet has "
                    + String.join(", ", byVersion.keySet()) + " (shorthands: " + ClientVersions.SHORTHANDS.entrySet()
                    .stream().map(e -> e.getKey() + " = " + e.getValue()).collect(Collectors.joining(", ")) + ")");
        }
        return version;
    }

    NamingClientFactory factory(String name) {
        return byVersion.get(version(name));
    }

    /** Beats the clients of every version have sent so far. */
    long beatsSent() {
        return byVersion.values().stream().mapToLong(NamingClientFactory::beatsSent).sum();
    }

    /** Whether clients of {@code version} keep each instance alive by a beat of its own (1.x). */
    boolean beatsPerInstance(String version) {
        return factory(version).beatsPerInstance();
    }
}
