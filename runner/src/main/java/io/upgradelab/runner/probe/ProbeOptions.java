package io.upgradelab.runner.probe;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ProcessAddress;
import java.time.Duration;
import java.util.Optional;

/**
 * How the runner starts the probe.
 *
 * @param client   the probe's nacos-client version (a shorthand is read as its version): 1.4.1 (1x,
 *                 the default) runs on Dubbo 2.7.23 and works against 1.x and 2.x servers; a 2.x
 *                 version (2x = 2.0.4, 2.3.2, ...) runs on Dubbo 3.2.19, against 2.x servers only
 * @param rate     calls per second
 * @param timeout  the Dubbo call timeout
 * @param duration how long the probe calls before it stops by itself
 * @param login    the Nacos user its client logs in as, when the cluster has auth on
 * @param address  the probe's own address
 * @param pushEmptyProtection whether its nacos-client keeps its last instance list when a server pushes an empty
 *                 one ({@code namingPushEmptyProtection}; off, the clients' default)
 * @param group    the Dubbo service group it calls (empty: none, the run's demo providers)
 */
public record ProbeOptions(String client, double rate, Duration timeout, Duration duration,
                           Optional<NacosCredentials> login, ProcessAddress address, boolean pushEmptyProtection,
                           String group) {

    public static final double DEFAULT_RATE = 100;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    public ProbeOptions {
        client = ClientVersions.canonical(client);
        group = group == null ? "" : group;
    }

    public ProbeOptions(String client, double rate, Duration timeout, Duration duration) {
        this(client, rate, timeout, duration, Optional.empty(), ProcessAddress.DEFAULT, false, "");
    }

    /** The default probe (1.4.1, 100 calls/s, 3 s timeout) calling for {@code duration}. */
    public static ProbeOptions defaults(Duration duration) {
        return new ProbeOptions("1x", DEFAULT_RATE, DEFAULT_TIMEOUT, duration);
    }

    public ProbeOptions withClient(String otherClient) {
        return new ProbeOptions(otherClient, rate, timeout, duration, login, address, pushEmptyProtection, group);
    }

    public ProbeOptions withLogin(Optional<NacosCredentials> user) {
        return new ProbeOptions(client, rate, timeout, duration, user, address, pushEmptyProtection, group);
    }

    public ProbeOptions withAddress(ProcessAddress other) {
        return new ProbeOptions(client, rate, timeout, duration, login, other, pushEmptyProtection, group);
    }

    public ProbeOptions withPushEmptyProtection(boolean on) {
        return new ProbeOptions(client, rate, timeout, duration, login, address, on, group);
    }

    public ProbeOptions withGroup(String dubboGroup) {
        return new ProbeOptions(client, rate, timeout, duration, login, address, pushEmptyProtection, dubboGroup);
    }
}
