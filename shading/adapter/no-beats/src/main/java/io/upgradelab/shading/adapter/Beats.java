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
}
