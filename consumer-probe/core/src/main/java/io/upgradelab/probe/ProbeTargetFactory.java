package io.upgradelab.probe;

import java.time.Duration;

/**
 * Connects a {@link ProbeTarget}; found with {@link java.util.ServiceLoader}, so the probe's
 * classpath decides the client generation: one generation's module is on it, never two.
 */
public interface ProbeTargetFactory {

    /** A short description of the client, e.g. {@code Dubbo 2.7.23 + nacos-client 1.4.1}. */
    String client();

    /**
     * Builds the client and subscribes to the service through the Nacos servers {@code registry}
     * ({@code 127.0.0.1:8848,...}); calls time out after {@code timeout}. Returns when the client is
     * ready to call, whether or not any provider exists yet.
     */
    ProbeTarget connect(String registry, Duration timeout);
}
