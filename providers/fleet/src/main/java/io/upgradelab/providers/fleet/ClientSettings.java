package io.upgradelab.providers.fleet;

import io.upgradelab.naming.NamingSettings;
import org.upgradelab.demo.LabAddress;
import org.upgradelab.demo.NacosLogin;

/**
 * How every client of the fleet connects.
 *
 * @param serverAddresses the Nacos nodes, {@code 127.0.0.11:8848,127.0.0.12:8848,...}: on loopback
 *                        unless remote addresses are allowed ({@link LabAddress#checkServers})
 * @param beatThreads     1.x only: beat threads per client; few, because with many a 1.4.1 cluster
 *                        stalls forwarding beats (seen here at ~2500 instances)
 * @param localIp         the address each client reports as its own: the fleet process's
 */
public record ClientSettings(String serverAddresses, int beatThreads, String localIp) {

    public ClientSettings {
        LabAddress.checkServers(serverAddresses);
    }

    /** Clients that report 127.0.0.1. */
    public ClientSettings(String serverAddresses, int beatThreads) {
        this(serverAddresses, beatThreads, LabAddress.DEFAULT);
    }

    /** As every client version takes them: at the fleet's address, logged in as the runner says (NacosLogin). */
    NamingSettings naming() {
        return new NamingSettings(serverAddresses, localIp, beatThreads, NacosLogin.username(),
                NacosLogin.password());
    }
}
