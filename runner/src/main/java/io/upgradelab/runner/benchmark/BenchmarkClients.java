package io.upgradelab.runner.benchmark;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingClientFactory;
import io.upgradelab.naming.NamingSettings;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosCredentials;
import java.util.ArrayList;
import java.util.List;

/**
 * The naming clients a benchmark drives, connected before its first operation and closed after its
 * last: real nacos-client NamingServices of one version ({@code api: sdk}; 1.x over HTTP, 2.x over
 * gRPC), or the HTTP open API, each client on one node in turn ({@code api: http}).
 */
public final class BenchmarkClients implements AutoCloseable {

    /** What the operations travel over. */
    public static final String GRPC = "grpc";
    public static final String HTTP = "http";

    private final List<NamingClient> clients;
    private final String transport;

    private BenchmarkClients(List<NamingClient> clients, String transport) {
        this.clients = List.copyOf(clients);
        this.transport = transport;
    }

    /** {@code count} clients of {@code factory}'s version, connected to every node of {@code cluster}. */
    public static BenchmarkClients sdk(NamingClientFactory factory, Backend cluster, String localIp, int count) {
        NamingSettings settings = new NamingSettings(cluster.serverAddresses(), localIp, 1,
                cluster.credentials().map(NacosCredentials::username),
                cluster.credentials().map(NacosCredentials::password));
        List<NamingClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                clients.add(factory.connect(settings));
            }
        } catch (RuntimeException e) {
            new BenchmarkClients(clients, HTTP).close();
            throw e;
        }
        return new BenchmarkClients(clients, ClientVersions.isOneX(factory.clientVersion()) ? HTTP : GRPC);
    }

    /** {@code count} clients of the open API, client i on node i mod nodes. */
    public static BenchmarkClients http(Backend cluster, int count) {
        List<NamingClient> clients = new ArrayList<>();
        int nodes = cluster.nodes().size();
        for (int i = 0; i < count; i++) {
            NacosApi api = cluster.api(i % nodes + 1);
            clients.add(new HttpNamingClient(api));
        }
        return new BenchmarkClients(clients, HTTP);
    }

    List<NamingClient> clients() {
        return clients;
    }

    public int size() {
        return clients.size();
    }

    /** {@link #GRPC} or {@link #HTTP}. */
    public String transport() {
        return transport;
    }

    /** Shuts every client down (without deregistering: 1.x beats stop, 2.x connections close). */
    @Override
    public void close() {
        for (NamingClient client : clients) {
            try {
                client.shutDown();
            } catch (Exception e) {
                // closing the rest matters more than why one would not close
            }
        }
    }
}
