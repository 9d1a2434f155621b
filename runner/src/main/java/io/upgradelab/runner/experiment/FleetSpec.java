package io.upgradelab.runner.experiment;

/**
 * The provider fleet: how its providers spread over services and clients, how fast it registers,
 * and the client generation new providers start on.
 *
 * @param services           Dubbo interfaces the providers spread over
 * @param providersPerClient providers per virtual Dubbo process, i.e. per Nacos client
 * @param rampRate           registrations (or deregistrations) per second while scaling
 * @param generation         client generation of new providers: {@code 1x} or {@code 2x}
 * @param heap               the fleet JVM's maximum heap
 */
public record FleetSpec(int services, int providersPerClient, double rampRate, String generation, String heap) {

    public FleetSpec {
        services = services == 0 ? 140 : services;
        providersPerClient = providersPerClient == 0 ? 140 : providersPerClient;
        rampRate = rampRate == 0 ? 200 : rampRate;
        generation = generation == null ? "1x" : generation;
        heap = heap == null ? "1g" : heap;
    }
}
