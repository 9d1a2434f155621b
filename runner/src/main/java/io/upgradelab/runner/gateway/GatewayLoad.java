package io.upgradelab.runner.gateway;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the consumer-side phases drive: the rig (demo backends and a gateway, found through the cluster) and wrk
 * for {@code gatewayBenchmark}, consumer stacks side by side for {@code consumerStacks}. One interface, so a phase
 * reads the same whether these run as local processes ({@link #LOCAL}) or as fakes in a unit test of the phase's
 * own logic.
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

        @Override
        public Running through(String url, int threads, int connections, Duration bound, Path output) {
            return Wrk.through(url, threads, connections, bound, output);
        }

        @Override
        public Stacks stacks(StackRig.Settings settings, Path directory, Consumer<String> progress)
                throws InterruptedException {
            return StackRig.start(settings, directory, progress);
        }
    };

    /** Starts the rig in {@code directory}; returns once the gateway routes to every backend. */
    Rig start(GatewayRig.Settings settings, Path directory, Consumer<String> progress) throws InterruptedException;

    /** One wrk run, bounded by {@code duration}; its report read from {@code output}. */
    Wrk.Report wrk(String url, int threads, int connections, Duration duration, Path output) throws InterruptedException;

    /** wrk started for as long as a phase takes, its answers counted per second; stopped by {@link Running#stop()}. */
    Running through(String url, int threads, int connections, Duration bound, Path output) throws InterruptedException;

    /** wrk under way through a phase. */
    interface Running {
        /** Stops wrk; its report and its seconds. */
        Wrk.Series stop() throws InterruptedException;
    }

    /** Starts the consumer stacks in {@code directory}; returns once each answers. */
    Stacks stacks(StackRig.Settings settings, Path directory, Consumer<String> progress) throws InterruptedException;

    /** What happens under the stacks: a Nacos node killed and started again, a phase run whole. */
    @FunctionalInterface
    interface Disturbance {
        void run() throws InterruptedException;
    }

    /** What one stack felt through one event: its flap and, where a new instance came, how soon it reached it. */
    record Outcome(String stack, KillWatch.Flap flap, java.util.OptionalDouble secondsToNew) {
    }

    /** Started consumer stacks: the events they ride, and their stop. */
    interface Stacks extends AutoCloseable {

        /** The stacks' names, in order. */
        List<String> names();

        /** An instance of each kind killed, then a new one started: per stack, in {@link #names()} order. */
        List<Outcome> killAnInstance(Duration settle, Duration bound) throws InterruptedException;

        /** {@code disturbance} run under the stacks, then watched for {@code after} and until they settle. */
        List<Outcome> through(Disturbance disturbance, Duration after, Duration settle, Duration bound)
                throws InterruptedException;

        /** Stops every stack and instance. */
        @Override
        void close();
    }

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
