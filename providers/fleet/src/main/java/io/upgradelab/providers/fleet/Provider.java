package io.upgradelab.providers.fleet;

import io.upgradelab.naming.Registration;
import java.util.Map;

/**
 * One registered instance: what a Dubbo provider registers for one interface, at interface level.
 *
 * @param index       its position in the fleet (0-based); scale-down removes the highest first
 * @param serviceName Dubbo's Nacos service name, {@code providers:<interface>:<version>:<group>}
 * @param port        the Dubbo port of its (virtual) process
 * @param metadata    the Dubbo URL parameters, as Dubbo's Nacos registry stores them
 */
public record Provider(int index, String serviceName, String ip, int port, Map<String, String> metadata) {

    public Provider {
        metadata = Map.copyOf(metadata);
    }

    /** What its client registers, in the terms every client version takes. */
    public Registration registration() {
        return new Registration(serviceName, ip, port, metadata);
    }
}
