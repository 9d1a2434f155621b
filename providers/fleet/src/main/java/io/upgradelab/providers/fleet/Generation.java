package io.upgradelab.providers.fleet;

import java.util.Arrays;
import java.util.function.Function;

/**
 * A generation of the Nacos client. Each has one {@link RegistryClient} class over its own shaded
 * copy of the real nacos-client; adding a generation is adding a class and a constant here.
 */
public enum Generation {

    /** nacos-client 1.4.1: HTTP, one beat per provider every 5 s. */
    V1X("1x", NacosClient1x::new),
    /** nacos-client 2.0.4: one gRPC connection per client, no per-provider beats. */
    V2X("2x", NacosClient2x::new);

    private final String label;
    private final Function<ClientSettings, RegistryClient> connector;

    Generation(String label, Function<ClientSettings, RegistryClient> connector) {
        this.label = label;
        this.connector = connector;
    }

    public String label() {
        return label;
    }

    /** A new client of this generation, connected to the servers in {@code settings}. */
    public RegistryClient connect(ClientSettings settings) {
        return connector.apply(settings);
    }

    /** "1x" or "2x" (case-insensitive), as experiment files and the control channel say it. */
    public static Generation of(String label) {
        return Arrays.stream(values()).filter(g -> g.label.equalsIgnoreCase(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown client generation '" + label
                        + "': expected 1x or 2x"));
    }
}
