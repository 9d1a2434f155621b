package io.upgradelab.journal.registry;

import io.upgradelab.journal.LineType;
import java.util.List;

/**
 * The first line of {@code registry.jsonl}: its format, who wrote it, and which services its
 * subscribers follow (a sample: following every service would cost the fleet more than its providers).
 *
 * @param format            the format of the lines that follow ({@link RegistryLog#FORMAT} when written)
 * @param servers           the Nacos nodes the fleet's clients were given
 * @param subscribedServices the services each subscriber follows; empty when the fleet runs none
 */
@LineType("registryLogStarted")
public record RegistryLogStarted(int format, List<String> servers, List<String> subscribedServices) {

    public RegistryLogStarted {
        servers = servers == null ? List.of() : List.copyOf(servers);
        subscribedServices = subscribedServices == null ? List.of() : List.copyOf(subscribedServices);
    }
}
