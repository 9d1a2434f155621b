package io.upgradelab.runner.backend.local;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every port one Nacos node takes, derived from its HTTP port as Nacos does.
 *
 * <p>2.x listens for clients on HTTP+1000 and for its peers on HTTP+1001; the raft group of the
 * embedded storage (1.4 and 2.x cluster mode) listens on HTTP-1000. gRPC and raft bind every
 * interface whatever {@code server.address} says, so two nodes can never share one of these numbers,
 * even on different loopback addresses.
 */
public record NodePorts(int http) {

    public static final int GRPC_CLIENT_OFFSET = 1000;
    public static final int GRPC_CLUSTER_OFFSET = 1001;
    public static final int RAFT_OFFSET = -1000;

    public NodePorts {
        problem(http).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }

    /** Why {@code http} cannot be a node's HTTP port, if it cannot: its raft or gRPC port would be out of range. */
    public static Optional<String> problem(int http) {
        if (http + RAFT_OFFSET < 1024 || http + GRPC_CLUSTER_OFFSET > 65535) {
            return Optional.of("HTTP port " + http + " leaves no room for raft (port-1000, from 1024 without root)"
                    + " and gRPC (port+1001, to 65535): choose one between 2024 and 64534");
        }
        return Optional.empty();
    }

    public int grpcClient() {
        return http + GRPC_CLIENT_OFFSET;
    }

    public int grpcCluster() {
        return http + GRPC_CLUSTER_OFFSET;
    }

    public int raft() {
        return http + RAFT_OFFSET;
    }

    /** Each port with what it is for, in a stable order, for messages. */
    public Map<Integer, String> byPurpose() {
        Map<Integer, String> ports = new LinkedHashMap<>();
        ports.put(http, "HTTP");
        ports.put(grpcClient(), "gRPC for clients");
        ports.put(grpcCluster(), "gRPC between nodes");
        ports.put(raft(), "raft");
        return ports;
    }
}
