package io.upgradelab.naming;

import java.util.Objects;
import java.util.Optional;

/**
 * How a naming client connects, in terms every client version understands.
 *
 * @param serverAddresses the Nacos nodes, {@code 127.0.0.1:8848,127.0.0.1:8858,...}
 * @param localIp         the address the client reports as its own (the lab keeps it on loopback)
 * @param beatThreads     beat threads per client, for clients that beat per instance (1.x)
 * @param username        the Nacos user to log in as, when the cluster has auth on
 * @param password        that user's password
 */
public record NamingSettings(String serverAddresses, String localIp, int beatThreads, Optional<String> username,
                             Optional<String> password) {

    public NamingSettings {
        Objects.requireNonNull(serverAddresses, "serverAddresses");
        Objects.requireNonNull(localIp, "localIp");
        Objects.requireNonNull(username, "username: empty without auth, never null");
        Objects.requireNonNull(password, "password: empty without auth, never null");
    }
}
