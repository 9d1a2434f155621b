package io.upgradelab.naming;

import java.util.Map;

/**
 * One ephemeral instance as a Dubbo provider registers it, in terms that do not depend on any
 * nacos-client version, so the fleet can hand the same registration to any of them.
 *
 * @param serviceName the Nacos service, e.g. Dubbo's {@code providers:<interface>:<version>:<group>}
 * @param ip          the instance's address
 * @param port        the instance's port
 * @param metadata    the instance's metadata (Dubbo's URL parameters)
 */
public record Registration(String serviceName, String ip, int port, Map<String, String> metadata) {

    public Registration {
        metadata = Map.copyOf(metadata);
    }
}
