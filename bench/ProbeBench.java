import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LocalNode;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.probe.ProbeProcess;
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
        List<String[]> floors = new ArrayList<>();
        List<Double> steals = new ArrayList<>();
        List<String> nicenesses = new ArrayList<>();
        try (LocalCluster cluster = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()),
                System.out::println)) {
            String servers = cluster.localNodes().stream().map(LocalNode::address).collect(Collectors.joining(","));
            int port = LocalClusterSpec.firstFreePort(1, 28100);
            String providerGeneration = generations.stream().anyMatch(g -> g.startsWith("2x")) ? "2x" : "1x";
            try (DemoProviderProcess provider = DemoProviderProcess.start(providerGeneration, servers, port, "demo",
                    work.resolve("provider"), System.out::println)) {
                for (String run : generations) {
                    // "1x" or "1x@0": a generation, at the probe's own niceness or at the one given
                    String generation = run.split("@")[0];
                    String niceness = run.contains("@") ? run.split("@")[1] : String.valueOf(-10);
                    System.setProperty(ProbeProcess.NICENESS_PROPERTY, niceness);
                    nicenesses.add(niceness);
                    ProbeOptions options = new ProbeOptions(generation, rate, ProbeOptions.DEFAULT_TIMEOUT,
                            Duration.ofSeconds(seconds));
                    try (ProbeProcess probe = ProbeProcess.start(options, servers, work.resolve("probe-" + summaries.size() + "-" + generation),
                            System.out::println)) {
                        long[] cpuBefore = cpuTicks();
                        Process floor = startFloor(seconds, rate, niceness, work.resolve("floor-" + summaries.size() + ".txt"));
                        probe.awaitExit(Duration.ofSeconds(seconds + 60));
                        floor.waitFor();
                        steals.add(stealPercent(cpuBefore, cpuTicks()));
                        summaries.add(probe.summary());
                        floors.add(Files.readString(work.resolve("floor-" + (summaries.size() - 1) + ".txt")).trim().split(" "));
                    }
                }
            }
        }
        System.out.println();
        System.out.printf("probe on %s x%d, %d s at %.0f calls/s, one demo provider; goals: rate within 1%%, "
                + "lag p99 <= 5 ms, CPU <= 10%% of one core%n", version, nodes, seconds, rate);
        System.out.printf("%-36s %4s %9s %9s %7s %9s %9s %9s %9s %9s %7s %8s %6s%n", "CLIENT", "NICE", "SCHEDULED", "RATE/S",
                "RATIO", "LAG_P99", "LAG_MAX", "FLOOR_P99", "LAT_P50", "LAT_P99", "CPU%", "SUCCESS%", "STEAL%");
        for (int i = 0; i < summaries.size(); i++) {
            ProbeSummary s = summaries.get(i);
            System.out.printf("%-36s %4s %9d %9.3f %7.4f %6.2f ms %6.2f ms %6.2f ms %6.2f ms %6.2f ms %7.1f %8.2f %6.1f%n",
                    s.client(), nicenesses.get(i), s.totals().scheduled(), s.achievedRate(), s.achievedRate() / s.targetRate(),
                    s.lagMs().p99(), s.lagMs().max(), Double.parseDouble(floors.get(i)[2]), s.latencyMs().p50(),
                    s.latencyMs().p99(), s.cpuPercent(), 100.0 * s.totals().success() / Math.max(1, s.totals().scheduled()),
                    steals.get(i));
        }
        System.out.println("FLOOR_P99: the lag p99 of a bare timer thread on the probe's schedule, beside it at its "
                + "priority (bench/WakeupFloor.java); STEAL%: the hypervisor's steal over the run, of all cores");
        System.out.println("runs kept in " + work);
    }

    /** The bare timer beside the probe, at the probe's priority; it writes its figures to {@code out}. */
    private static Process startFloor(int seconds, double rate, String niceness, Path out) throws java.io.IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String source = Path.of(System.getProperty("upgradelab.home"), "bench", "WakeupFloor.java").toString();
        return new ProcessBuilder("nice", "-n", niceness, java, "-XX:+UseSerialGC", source, Integer.toString(seconds),
                Double.toString(rate)).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    /** The cpu line of /proc/stat: user nice system idle iowait irq softirq steal, in ticks. */
    private static long[] cpuTicks() throws java.io.IOException {
        String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long[] ticks = new long[8];
        for (int i = 0; i < 8; i++) {
            ticks[i] = Long.parseLong(fields[i + 1]);
        }
        return ticks;
    }

    private static double stealPercent(long[] before, long[] after) {
        long total = 0;
        for (int i = 0; i < 8; i++) {
            total += after[i] - before[i];
        }
        return 100.0 * (after[7] - before[7]) / Math.max(1, total);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
