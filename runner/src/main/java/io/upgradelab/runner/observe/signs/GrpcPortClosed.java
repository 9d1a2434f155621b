package io.upgradelab.runner.observe.signs;

import java.util.Map;
import java.util.TreeMap;

/**
 * A 2.x node answers HTTP but its gRPC port for clients (HTTP + 1000) takes no connection: 2.x
 * clients then fail with "Client not connected, current status:STARTING" (alibaba/nacos #6207, #8250).
 */
final class GrpcPortClosed implements StateRule {

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        Map<Integer, String> holding = new TreeMap<>();
        state.grpcOpen().forEach((node, open) -> {
            if (!open) {
                holding.put(node, "node " + node + " answers HTTP, but its gRPC port for clients takes no connection");
            }
        });
        return holding;
    }
}
