import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LocalNode;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.probe.ProbeProcess;
import io.upgradelab.runner.probe.ProbeSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The probe's own accuracy and cost: see bench/probe for what it runs and prints.
 * Run through bench/probe, which puts the built runner on the classpath.
 */
public class ProbeBench {

    public static void main(String[] args) throws Exception {
        String version = env("VERSION", "1.4.1");
        int nodes = Integer.parseInt(env("NODES", "3"));
        int seconds = Integer.parseInt(env("SECONDS", "60"));
        double rate = Double.parseDouble(env("RATE", "100"));
        List<String> generations = args.length == 0 ? List.of("1x") : List.of(args);
        Path work = Files.createTempDirectory("probe-bench-");
        LocalClusterSpec spec = LocalClusterSpec.of(version, nodes, work.resolve("nacos"))
                .withFirstPort(LocalClusterSpec.firstFreePort(nodes, 23000));
        List<ProbeSummary> summaries = new ArrayList<>();
        try (LocalCluster cluster = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()),
                System.out::println)) {
            String servers = cluster.localNodes().stream().map(LocalNode::address).collect(Collectors.joining(","));
            int port = LocalClusterSpec.firstFreePort(1, 28100);
            String providerGeneration = generations.contains("2x") ? "2x" : "1x";
            try (DemoProviderProcess provider = DemoProviderProcess.start(providerGeneration, servers, port, "demo",
                    work.resolve("provider"), System.out::println)) {
                for (String generation : generations) {
                    ProbeOptions options = new ProbeOptions(generation, rate, ProbeOptions.DEFAULT_TIMEOUT,
                            Duration.ofSeconds(seconds));
                    try (ProbeProcess probe = ProbeProcess.start(options, servers, work.resolve("probe-" + generation),
                            System.out::println)) {
                        probe.awaitExit(Duration.ofSeconds(seconds + 60));
                        summaries.add(probe.summary());
                    }
                }
            }
        }
        System.out.println();
        System.out.printf("probe on %s x%d, %d s at %.0f calls/s, one demo provider; goals: rate within 1%%, "
                + "lag p99 <= 5 ms, CPU <= 10%% of one core%n", version, nodes, seconds, rate);
        System.out.printf("%-36s %9s %9s %7s %9s %9s %9s %9s %7s %8s%n", "CLIENT", "SCHEDULED", "RATE/S", "RATIO",
                "LAG_P99", "LAG_MAX", "LAT_P50", "LAT_P99", "CPU%", "SUCCESS%");
        for (ProbeSummary s : summaries) {
            System.out.printf("%-36s %9d %9.3f %7.4f %6.2f ms %6.2f ms %6.2f ms %6.2f ms %7.1f %8.2f%n", s.client(),
                    s.totals().scheduled(), s.achievedRate(), s.achievedRate() / s.targetRate(), s.lagMs().p99(),
                    s.lagMs().max(), s.latencyMs().p50(), s.latencyMs().p99(), s.cpuPercent(),
                    100.0 * s.totals().success() / Math.max(1, s.totals().scheduled()));
        }
        System.out.println("runs kept in " + work);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
