import io.upgradelab.journal.FleetStatus;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LocalNode;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The provider fleet's cost at published scale: see bench/fleet for what it runs and prints.
 * Run through bench/fleet, which puts the built runner on the classpath.
 */
public class FleetBench {

    record Case(String name, String serverVersion, String generation, int providers, int providersPerClient) {
    }

    record Result(Case c, int reached, double rampSeconds, double cpuPercent, long rssMiB, double beatsPerSecond,
                  double nominalBeatsPerSecond, long failures, int seenByServer) {
        double perThousandCpu() {
            return reached == 0 ? 0 : cpuPercent * 1000 / reached;
        }

        double perThousandRss() {
            return reached == 0 ? 0 : rssMiB * 1000.0 / reached;
        }
    }

    public static void main(String[] args) throws Exception {
        int providers = Integer.parseInt(env("PROVIDERS", "14000"));
        int peerProviders = Integer.parseInt(env("PEER_PROVIDERS", "2000"));
        int holdSeconds = Integer.parseInt(env("HOLD_SECONDS", "120"));
        int nodes = Integer.parseInt(env("NODES", "3"));
        double rate = Double.parseDouble(env("RATE", "300"));
        List<Case> cases = List.of(
                new Case("ours 1x", "1.4.1", "1x", providers, 140),
                new Case("ours 2x", "2.0.4", "2x", providers, 140),
                new Case("naive peer 1x", "1.4.1", "1x", peerProviders, 1));
        List<String> only = args.length == 0 ? List.of() : List.of(args);
        List<Result> results = new ArrayList<>();
        for (Case c : cases) {
            if (only.isEmpty() || only.stream().anyMatch(c.name()::contains)) {
                results.add(run(c, nodes, rate, holdSeconds));
            }
        }
        System.out.println();
        System.out.printf("%-14s %-7s %8s %9s %8s %8s %9s %12s %8s %10s %10s %8s%n", "CASE", "SERVER", "TARGET", "REACHED",
                "REG/S", "CPU%", "RSS_MIB", "BEATS/S", "FAILED", "CPU%/1000", "MIB/1000", "NODE1");
        for (Result r : results) {
            System.out.printf("%-14s %-7s %8d %9d %8.0f %8.1f %9d %5.0f/%-6.0f %8d %10.2f %10.1f %8s%n", r.c().name(),
                    r.c().serverVersion(), r.c().providers(), r.reached(), r.reached() / r.rampSeconds(), r.cpuPercent(),
                    r.rssMiB(), r.beatsPerSecond(), r.nominalBeatsPerSecond(), r.failures(), r.perThousandCpu(),
                    r.perThousandRss(), r.seenByServer() < 0 ? "no answer" : Integer.toString(r.seenByServer()));
        }
        Result ours = results.stream().filter(r -> r.c().name().equals("ours 1x")).findFirst().orElse(null);
        Result peer = results.stream().filter(r -> r.c().name().startsWith("naive")).findFirst().orElse(null);
        if (ours != null && peer != null && peer.perThousandCpu() > 0) {
            System.out.printf("%nours / naive peer, per 1000 providers (1x): CPU %.2f, RSS %.2f%n",
                    ours.perThousandCpu() / peer.perThousandCpu(), ours.perThousandRss() / peer.perThousandRss());
        }
        System.out.println("CPU% is of one core, averaged over the hold; RSS at the end of the hold;"
                + " BEATS/S actually sent / nominal (one per 1x provider every 5 s).");
    }

    static Result run(Case c, int nodes, double rate, int holdSeconds) throws Exception {
        Path dir = Files.createTempDirectory("bench-fleet-");
        say(c.name() + ": " + nodes + "-node Nacos " + c.serverVersion() + " in " + dir);
        LocalClusterSpec spec = LocalClusterSpec.of(c.serverVersion(), nodes, dir.resolve("cluster"))
                .withFirstPort(LocalClusterSpec.firstFreePort(nodes, 23000));
        spec = new LocalClusterSpec(spec.version(), spec.nodes(), spec.firstPort(), spec.runDirectory(), "1g",
                spec.startTimeout(), spec.serverProperties());
        try (LocalCluster cluster = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()),
                FleetBench::say)) {
            String servers = cluster.localNodes().stream().map(LocalNode::address).collect(Collectors.joining(","));
            FleetSettings settings = FleetSettings.forServers(servers).withLayout(140, c.providersPerClient());
            try (FleetProcess fleet = FleetProcess.start(settings, dir.resolve("fleet"), FleetBench::say)) {
                long began = System.nanoTime();
                fleet.scaleTo(c.providers(), rate, c.generation());
                FleetStatus ramped = awaitRamp(fleet, c, began);
                double rampSeconds = (System.nanoTime() - began) / 1e9;
                say(String.format("%s: %d providers in %.0f s; holding %d s", c.name(), ramped.totalProviders(),
                        rampSeconds, holdSeconds));
                fleet.status();   // the hold's CPU and beat rates count from here
                Thread.sleep(holdSeconds * 1000L);   // a benchmark holds for a fixed time on purpose
                FleetStatus held = fleet.status();
                say(String.format("%s: CPU %.1f%%, RSS %d MiB, beats %.0f/s of %.0f", c.name(),
                        held.cpuPercent(), held.rssBytes() >> 20, held.beatsPerSecond(), held.nominalBeatsPerSecond()));
                int seen = instancesSeenByNode1(cluster);
                say(c.name() + ": node 1 sees " + (seen < 0 ? "nothing (it does not answer)" : seen + " instances"));
                return new Result(c, held.totalProviders(), rampSeconds, held.cpuPercent(), held.rssBytes() >> 20,
                        held.beatsPerSecond(), held.nominalBeatsPerSecond(), held.registrationFailures(), seen);
            }
        }
    }

    /** What node 1 holds, or -1 when an overloaded server does not answer: the figures above still stand. */
    static int instancesSeenByNode1(LocalCluster cluster) {
        try {
            return cluster.node(1).api().services().stream().mapToInt(x -> x.instances()).sum();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** Until the fleet is idle; a peer that cannot go on (fleet gone, 10 min) stops where it got to. */
    static FleetStatus awaitRamp(FleetProcess fleet, Case c, long began) throws InterruptedException {
        FleetStatus status = fleet.status();
        while (status.busy() && System.nanoTime() - began < Duration.ofMinutes(10).toNanos()) {
            Thread.sleep(2_000);
            status = fleet.status();
            System.err.printf("\r  %s: %d of %d registered, %d failed   ", c.name(), status.totalProviders(),
                    c.providers(), status.registrationFailures());
        }
        System.err.println();
        return status;
    }

    static void say(String line) {
        System.err.println(line);
    }

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
