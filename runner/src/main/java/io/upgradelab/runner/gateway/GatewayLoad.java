package io.upgradelab.runner.gateway;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * What a {@code gatewayBenchmark} phase drives: the rig (demo backends and a gateway, found through the
 * cluster) and wrk. One interface, so the phase reads the same whether the rig runs as local processes
 * ({@link #LOCAL}) or as fakes in a unit test of the phase's own logic.
 */
public interface GatewayLoad {

    /** Local processes: {@link GatewayRig} and Debian's wrk. */
    GatewayLoad LOCAL = new GatewayLoad() {
        @Override
        public Rig start(GatewayRig.Settings settings, Path directory, Consumer<String> progress)
                throws InterruptedException {
            return GatewayRig.start(settings, directory, progress);
        }

        @Override
        public Wrk.Report wrk(String url, int threads, int connections, Duration duration, Path output)
                throws InterruptedException {
            return Wrk.run(url, threads, connections, duration, output);
        }
    };

    /** Starts the rig in {@code directory}; returns once the gateway routes to every backend. */
    Rig start(GatewayRig.Settings settings, Path directory, Consumer<String> progress) throws InterruptedException;

    /** One wrk run, bounded by {@code duration}; its report read from {@code output}. */
    Wrk.Report wrk(String url, int threads, int connections, Duration duration, Path output) throws InterruptedException;

    /** A started rig: where to send load, and its stop. */
    interface Rig extends AutoCloseable {

        /** The gateway's URL of the demo path. */
        String gatewayUrl();

        /** Backend {@code index}'s own URL of the demo path. */
        String backendUrl(int index);

        /** Stops the gateway, then the backends. */
        @Override
        void close();
    }
}
