package io.upgradelab.journal.registry;

import io.upgradelab.journal.LineType;
import java.util.List;

/**
 * What one subscriber was told of one service: the line's {@code time} is when its client called the
 * listener. A subscriber is a client of one version subscribed to the sampled services, as a Dubbo
 * consumer subscribes; {@code instances} are the ones a consumer would call.
 *
 * @param subscriber    the subscriber's name, e.g. {@code subscriber 2.5.1}
 * @param clientVersion the version of its client
 * @param service       the service pushed
 * @param instances     the healthy, enabled instances pushed, {@code ip:port}, sorted
 * @param others        the instances pushed that were unhealthy or disabled
 */
@LineType("push")
public record Push(String subscriber, String clientVersion, String service, List<String> instances, int others) {

    public Push {
        instances = instances == null ? List.of() : List.copyOf(instances);
    }
}
