package io.upgradelab.runner.experiment;

import org.upgradelab.demo.LabAddress;

/**
 * The provider fleet: how its providers spread over services and clients, how fast it registers,
 * and the nacos-client version new providers start on.
 *
 * @param services           Dubbo interfaces the providers spread over
 * @param providersPerClient providers per virtual Dubbo process, i.e. per Nacos client
 * @param rampRate           registrations (or deregistrations) per second while scaling
 * @param client             nacos-client version of new providers (e.g. {@code 2.3.2}, or {@code 1x} / {@code 2x});
 *                           null when the file does not say
 * @param generation         the older name of {@code client}, as files written before client versions say it;
 *                           null when the file does not use it (the schema refuses both)
 * @param heap               the fleet JVM's maximum heap
 * @param address            the fleet process's own address, which every provider registers
 * @param logsIn             whether the providers log in where the cluster has a user for clients; false is
 *                           the team whose clients never needed one, refused once the nodes check them
 */
public record FleetSpec(int services, int providersPerClient, double rampRate, String client, String generation,
                        String heap, String address, Boolean logsIn) {

    public FleetSpec {
        services = services == 0 ? 140 : services;
        providersPerClient = providersPerClient == 0 ? 140 : providersPerClient;
        rampRate = rampRate == 0 ? 200 : rampRate;
        heap = heap == null ? "1g" : heap;
        address = address == null ? LabAddress.DEFAULT : address;
        logsIn = logsIn == null || logsIn;
    }

    /** A fleet at 127.0.0.1. */
    public FleetSpec(int services, int providersPerClient, double rampRate, String client, String generation,
                     String heap) {
        this(services, providersPerClient, rampRate, client, generation, heap, null, null);
    }

    /** The client version new providers start on, as the file names it; {@code 1x} when it does not. */
    public String clientVersion() {
        return ClientField.value(client, generation);
    }

    /** Where the file names it, for errors: {@code /fleet/client} or {@code /fleet/generation}. */
    public String clientPointer() {
        return "/fleet/" + ClientField.name(client, generation);
    }
}
