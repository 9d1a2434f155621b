package io.upgradelab.runner.probe;

import io.upgradelab.runner.nacos.NacosCredentials;
import java.util.Optional;
import java.time.Duration;

/**
 * How the runner starts the probe.
 *
 * @param generation the probe's client: "1x" (Dubbo 2.7.23 + nacos-client 1.4.1, the default: it
 *                   works against 1.x and 2.x servers) or "2x" (Dubbo 3.2.19 + nacos-client 2.0.4,
 *                   2.x servers only)
 * @param rate       calls per second
 * @param timeout    the Dubbo call timeout
 * @param duration   how long the probe calls before it stops by itself
 * @param login      the Nacos user its client logs in as, when the cluster has auth on
 */
public record ProbeOptions(String generation, double rate, Duration timeout, Duration duration,
                           Optional<NacosCredentials> login) {

    public ProbeOptions(String generation, double rate, Duration timeout, Duration duration) {
        this(generation, rate, timeout, duration, Optional.empty());
    }

    public static final double DEFAULT_RATE = 100;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    /** The default probe (1x, 100 calls/s, 3 s timeout) calling for {@code duration}. */
    public static ProbeOptions defaults(Duration duration) {
        return new ProbeOptions("1x", DEFAULT_RATE, DEFAULT_TIMEOUT, duration);
    }

    public ProbeOptions withGeneration(String otherGeneration) {
        return new ProbeOptions(otherGeneration, rate, timeout, duration, login);
    }

    public ProbeOptions withLogin(Optional<NacosCredentials> user) {
        return new ProbeOptions(generation, rate, timeout, duration, user);
    }
}
