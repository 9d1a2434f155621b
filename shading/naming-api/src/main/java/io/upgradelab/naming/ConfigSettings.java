package io.upgradelab.naming;

import java.util.Objects;
import java.util.Optional;

/**
 * How a config client connects, in terms every client version understands.
 *
 * @param serverAddresses the Nacos nodes, {@code 127.0.0.1:8848,127.0.0.1:8858,...}
 * @param username        the Nacos user to log in as, when the cluster has auth on
 * @param password        that user's password
 * @param namespace       the namespace the client is configured with, as an application sets it
 *                        ({@code namespace: public}, say); empty: the default namespace
 */
public record ConfigSettings(String serverAddresses, Optional<String> username, Optional<String> password,
                             Optional<String> namespace) {

    public ConfigSettings {
        Objects.requireNonNull(serverAddresses, "serverAddresses");
        Objects.requireNonNull(username, "username: empty without auth, never null");
        Objects.requireNonNull(password, "password: empty without auth, never null");
        Objects.requireNonNull(namespace, "namespace: empty for the default one, never null");
    }

    /** A client of the default namespace. */
    public ConfigSettings(String serverAddresses, Optional<String> username, Optional<String> password) {
        this(serverAddresses, username, password, Optional.empty());
    }

    /** The same client, configured with {@code namespace}. */
    public ConfigSettings inNamespace(String namespace) {
        return new ConfigSettings(serverAddresses, username, password, Optional.of(namespace));
    }
}
