package io.upgradelab.naming;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The names a client version goes by. Experiment files and the fleet's control channel take a
 * nacos-client version (2.3.2) or one of the two shorthands kept from when the lab knew only two
 * clients: {@code 1x} for 1.4.1 and {@code 2x} for 2.0.4. Everything past the input speaks of the
 * version itself.
 */
public final class ClientVersions {

    /** Shorthand to version, in the order they are listed. */
    public static final Map<String, String> SHORTHANDS = shorthands();

    private ClientVersions() {
    }

    private static Map<String, String> shorthands() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("1x", "1.4.1");
        map.put("2x", "2.0.4");
        return java.util.Collections.unmodifiableMap(map);
    }

    /** The version {@code name} stands for: a shorthand's version (case-insensitive), else {@code name} itself. */
    public static String canonical(String name) {
        String shorthand = SHORTHANDS.get(name.toLowerCase(java.util.Locale.ROOT));
        return shorthand == null ? name : shorthand;
    }

    /** Whether {@code name} is (or stands for) a 1.x client: HTTP, a beat per instance, Dubbo 2.7. */
    public static boolean isOneX(String name) {
        return canonical(name).startsWith("1.");
    }

    /** The generation {@code name} belongs to: {@code 1x} (HTTP) or {@code 2x} (one gRPC connection: 2.x and later). */
    public static String generation(String name) {
        return isOneX(name) ? "1x" : "2x";
    }
}
