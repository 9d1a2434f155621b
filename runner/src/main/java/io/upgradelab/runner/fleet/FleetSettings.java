package io.upgradelab.runner.fleet;

import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ProcessAddress;
import java.util.Optional;

/**
 * How a fleet is laid out and where it registers.
 *
 * @param servers             the Nacos nodes, {@code 127.0.0.11:8848,127.0.0.12:8848,...}
 * @param services            Dubbo interfaces the providers spread over
 * @param providersPerClient providers per virtual process, i.e. per Nacos client
 * @param firstPort           Dubbo port of virtual process 0 (never bound: the providers are virtual)
 * @param beatThreads         1.x beat threads per client
 * @param maxHeap             the fleet JVM's -Xmx
 * @param login               the Nacos user its clients log in as, when the cluster has auth on
 * @param address             the fleet process's own address, which every provider registers
 */
public record FleetSettings(String servers, int services, int providersPerClient, int firstPort, int beatThreads,
                            String maxHeap, Optional<NacosCredentials> login, ProcessAddress address) {

    public FleetSettings(String servers, int services, int providersPerClient, int firstPort, int beatThreads,
                         String maxHeap) {
        this(servers, services, providersPerClient, firstPort, beatThreads, maxHeap, Optional.empty(),
                ProcessAddress.DEFAULT);
    }

    /** The fleet JVM's -Xmx unless the experiment says otherwise. */
    public static final String DEFAULT_MAX_HEAP = "1g";

    /** The published experiment's shape: 140 services, one Dubbo process per 140 providers. */
    public static FleetSettings forServers(String servers) {
        return new FleetSettings(servers, 140, 140, 30000, 1, DEFAULT_MAX_HEAP);
    }

    public FleetSettings withLayout(int services, int providersPerClient) {
        return new FleetSettings(servers, services, providersPerClient, firstPort, beatThreads, maxHeap, login, address);
    }

    public FleetSettings withLogin(Optional<NacosCredentials> user) {
        return new FleetSettings(servers, services, providersPerClient, firstPort, beatThreads, maxHeap, user, address);
    }

    public FleetSettings withAddress(ProcessAddress other) {
        return new FleetSettings(servers, services, providersPerClient, firstPort, beatThreads, maxHeap, login, other);
    }
}
