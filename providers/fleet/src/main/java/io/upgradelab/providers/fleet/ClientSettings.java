package io.upgradelab.providers.fleet;

import io.upgradelab.naming.NamingSettings;
import org.upgradelab.demo.NacosLogin;

/**
 * How every client of the fleet connects.
 *
 * @param serverAddresses the Nacos nodes, {@code 127.0.0.1:8848,127.0.0.1:8858,...}
 * @param beatThreads     1.x only: beat threads per client; few, because with many a 1.4.1 cluster
 *                        stalls forwarding beats (seen here at ~2500 instances)
 */
public record ClientSettings(String serverAddresses, int beatThreads) {

    public ClientSettings {
        for (String address : serverAddresses.split(",")) {
            if (!address.trim().startsWith("127.")) {
                throw new IllegalArgumentException("server address " + address.trim()
                        + " is not on loopback: the fleet dials nothing else");
            }
        }
    }

    /** As every client version takes them: on loopback, logged in as the runner says (NacosLogin). */
    NamingSettings naming() {
        return new NamingSettings(serverAddresses, FleetLayout.IP, beatThreads, NacosLogin.username(),
                NacosLogin.password());
    }
}
