package io.upgradelab.shading.adapter;

/**
 * Beats of a 2.x client: none. One gRPC connection per client keeps its instances alive, so there
 * is nothing per instance to count (the 1.x modules compile ../http-beats instead).
 */
final class Beats {

    static final boolean PER_INSTANCE = false;

    private Beats() {
    }

    static void count() {
        // nothing to count
    }

    static long sent() {
        return 0;
    }

    /** A 2.x client has no beat to send: its connection keeps the instance alive. */
    static void send(com.alibaba.nacos.api.naming.NamingService naming, String serviceName,
                     com.alibaba.nacos.api.naming.pojo.Instance instance) {
        throw new UnsupportedOperationException("a 2.x client sends no beats: its gRPC connection keeps its"
                + " instances alive (heartbeat is a 1.x operation)");
    }
}
