package io.upgradelab.runner.benchmark;

import io.upgradelab.journal.JtlFile;
import io.upgradelab.journal.LatencyHistograms;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.naming.Registration;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.observe.Observations;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Measures the operations of one benchmark phase against the cluster as it stands, one after the
 * other on the same clients and instances, and gives each as its journal line: the figures of
 * Nacos's naming benchmark reports (TPS, RT avg/min/max/p80/p95/p99, per-node CPU).
 */
public final class NamingBenchmarker {

    /**
     * The benchmark's settings.
     *
     * @param api     {@code sdk} or {@code http}
     * @param client  the nacos-client version for {@code sdk}; "" for {@code http}
     * @param threads threads per client
     */
    public record Settings(String api, String client, int threads, BenchmarkWorkload workload) {
    }

    private final Settings settings;
    private final BenchmarkClients clients;
    private final Backend cluster;
    private final Observations observations;
    private final List<Set<Registration>> registered = new ArrayList<>();
    private final int grpcConnections;

    /**
     * @param grpcBefore the nodes' gRPC naming connections of the client's version before
     *                   {@code clients} connected ({@link #grpcConnections}); -1 when not counted
     */
    public NamingBenchmarker(Settings settings, BenchmarkClients clients, Backend cluster, Observations observations,
                             int grpcBefore) {
        this.settings = settings;
        this.clients = clients;
        this.cluster = cluster;
        this.observations = observations;
        for (int c = 0; c < clients.size(); c++) {
            registered.add(Collections.synchronizedSet(new LinkedHashSet<>()));
        }
        this.grpcConnections = grpcBefore < 0 ? -1 : grpcConnections(cluster, settings.client()) - grpcBefore;
    }

    /**
     * The gRPC naming connections of nacos-client {@code version} the cluster's nodes hold now, all
     * nodes together: what a 2.x benchmark's clients add is their own, the proof that they used gRPC.
     */
    public static int grpcConnections(Backend cluster, String version) {
        int count = 0;
        for (NodeStatus node : cluster.nodes()) {
            if (node.state() != NodeState.UP) {
                continue;
            }
            for (NacosApi.GrpcConnection connection : cluster.api(node.number()).grpcConnections()) {
                if ("naming".equals(connection.module()) && connection.version().endsWith("v" + version)) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * Runs {@code operation} within {@code bounds}, its JTL at {@code jtl} ({@code jtlName} in the
     * journal). Interrupted, it returns what it measured ({@code stoppedBy: interrupted}) with the
     * thread's interrupt kept, so the caller records it before it stops.
     */
    public NamingBenchmark measure(BenchmarkOperation operation, long count, Duration time, Path jtl, String jtlName) {
        List<String> servers = cluster.nodes().stream().map(NodeStatus::version).toList();
        OperationRun.Result result;
        List<NamingBenchmark.NodeCpu> cpu;
        try (JtlFile file = new JtlFile(jtl); NodeCpuWatch watch = new NodeCpuWatch(observations)) {
            result = new OperationRun(operation, clients.clients(), work(operation), settings.threads(),
                    new OperationRun.Bounds(count, time), file, (client, instance) -> booked(operation, client, instance))
                    .run();
            cpu = watch.stop(servers.size());
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write " + jtl + ": " + e.getMessage());
        }
        double tps = result.seconds() > 0 ? Math.round(result.succeeded() / result.seconds() * 10) / 10.0 : 0;
        BenchmarkWorkload workload = settings.workload();
        return new NamingBenchmark(operation.fileName(), settings.api(), settings.client(), clients.transport(),
                clients.size(), settings.threads(), workload.services(), workload.instances(), servers,
                result.attempted(), result.succeeded(), result.errors(), Math.round(result.seconds() * 1000) / 1000.0,
                result.stoppedBy(), tps, ResponseTimes.of(result.micros()), LatencyHistograms.encode(result.micros()),
                cpu, cluster.cpuLimits(), grpcConnections, jtlName);
    }

    /** Each client's instances for {@code operation}: all of the workload to register, those registered otherwise. */
    private List<List<Registration>> work(BenchmarkOperation operation) {
        List<List<Registration>> work = new ArrayList<>();
        for (int c = 0; c < clients.size(); c++) {
            Set<Registration> booked = registered.get(c);
            synchronized (booked) {
                work.add(operation == BenchmarkOperation.REGISTER ? settings.workload().instancesOf(c) : List.copyOf(booked));
            }
        }
        return work;
    }

    private void booked(BenchmarkOperation operation, int client, Registration instance) {
        if (operation == BenchmarkOperation.REGISTER) {
            registered.get(client).add(instance);
        } else if (operation == BenchmarkOperation.DEREGISTER) {
            registered.get(client).remove(instance);
        }
    }

    /**
     * Deletes the workload's services that are empty now, through the first node up; returns how many
     * it deleted. Left empty, a 1.x node keeps them until its auto-clean, and a 2.0 node counts them
     * in the v1 model only, which holds back upgraded=true until the models agree (seen here: a CI-size
     * upgrade after two benchmarks waited past 3 minutes for it). A service that still has instances,
     * or that a node will not delete, is left.
     */
    public int deleteEmptyServices() {
        java.util.Optional<NodeStatus> up = cluster.nodes().stream().filter(n -> n.state() == NodeState.UP).findFirst();
        if (up.isEmpty()) {
            return 0;
        }
        NacosApi api = cluster.api(up.get().number());
        int deleted = 0;
        for (int service = 0; service < settings.workload().services(); service++) {
            try {
                api.deleteService(settings.workload().serviceName(service), NacosApi.DEFAULT_GROUP);
                deleted++;
            } catch (NacosApi.NacosApiException e) {
                // not empty (an instance left registered), or already gone: left as it is
            }
        }
        return deleted;
    }

    /** Instances registered and not deregistered: they expire once the clients close (1.x beats stop, 2.x connections close). */
    public int leftRegistered() {
        return registered.stream().mapToInt(Set::size).sum();
    }
}
