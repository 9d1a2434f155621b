package io.upgradelab.probe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LocalNode;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.ServiceSummary;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.probe.ProbeProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.upgradelab.demo.ControlToken;

/**
 * The probe end to end: a real Nacos server (a standalone node: what is judged here is the probe's
 * count, which the cluster's size does not change, and the runs cover 3 nodes), real Dubbo demo
 * providers, the probe as its own process. What it must show is what the published run judged the upgrade by: success while
 * providers are up; when they crash, network errors first and, once the servers expire the
 * instances, "No provider"; success again when they return. Every call is counted exactly once.
 */
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class ProbeIT {

    private static final Duration PROBE_RUNS_AT_MOST = Duration.ofMinutes(8);

    @TempDir
    Path dir;

    @Test
    void theDefaultProbeSeesSuccessThenNetworkThenNoProviderThenSuccessOnA141Node() throws Exception {
        try (LocalCluster cluster = start("1.4.1", 1)) {
            String servers = servers(cluster);
            int portA = LocalClusterSpec.firstFreePort(1, 28400);
            int portB = LocalClusterSpec.firstFreePort(1, portA + 1);
            List<DemoProviderProcess> providers = new ArrayList<>(List.of(
                    provider("1x", servers, portA, "demo-a"), provider("1x", servers, portB, "demo-b")));
            ControlToken token = ControlToken.generate();
            try (ProbeProcess probe = ProbeProcess.start(ProbeOptions.defaults(PROBE_RUNS_AT_MOST), servers, token,
                    dir.resolve("probe"), System.out::println)) {
                assertRunsAheadOfTheSystemUnderTestWhereAllowed(probe.pid());

                // providers up: at least 99% success
                List<ProbeSecond> steady = awaitSeconds(probe, 10);
                long ended = steady.stream().mapToLong(s -> s.calls().ended()).sum();
                long succeeded = steady.stream().mapToLong(s -> s.calls().success()).sum();
                assertThat(ended).isGreaterThan(950);
                assertThat(100.0 * succeeded / ended).as("success %% with providers up").isGreaterThanOrEqualTo(99.0);
                assertPrometheusEndpointCounts(probe.metrics(), token, succeeded);

                // every provider crashes: nothing deregistered
                long crashedAt = probe.series().size();
                providers.forEach(DemoProviderProcess::kill);
                System.out.println("demo providers killed after second " + crashedAt);
                await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> firstSecondAfter(probe.series(), crashedAt, s -> s.calls().noProvider() > 0).isPresent());
                List<ProbeSecond> afterCrash = probe.series();
                long firstNetwork = firstSecondAfter(afterCrash, crashedAt, s -> s.calls().network() > 0)
                        .orElseThrow(() -> new AssertionError("no network error after the crash: " + afterCrash));
                long firstNoProvider = firstSecondAfter(afterCrash, crashedAt, s -> s.calls().noProvider() > 0).orElseThrow();
                System.out.println("after the crash: first network error in second " + firstNetwork
                        + ", first no-provider in second " + firstNoProvider);
                assertThat(firstNetwork).as("network errors come before no-provider").isLessThan(firstNoProvider);
                assertThat(firstNoProvider - crashedAt).as("seconds until the servers expired the instances")
                        .isGreaterThanOrEqualTo(5);

                // the providers come back on the same ports: success resumes
                long restartedAt = probe.series().size();
                providers.add(provider("1x", servers, portA, "demo-a2"));
                providers.add(provider("1x", servers, portB, "demo-b2"));
                await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> fiveWholeSecondsOfSuccessAfter(probe.series(), restartedAt));

                assertEveryInstanceIsOnLoopback(cluster);
                ProbeSummary summary = probe.stop();
                System.out.println("probe summary: " + summary);
                assertBooksBalance(summary, ProbeProcess.readSeries(probe.directory().resolve("series.jsonl")),
                        probe.directory().resolve("results.jtl"));
                assertThat(summary.totals().network()).isPositive();
                assertThat(summary.totals().noProvider()).isPositive();
                assertThat(summary.totals().other()).as("unclassified failures: %s", summary.totals().otherClasses()).isZero();
            } finally {
                providers.forEach(DemoProviderProcess::close);
            }
        }
    }

    /**
     * The newer clients on Dubbo 3 (2.0.4 is DemoProvidersIT's): a demo provider on the newest 2.x
     * client (2.5.1) answers a probe on 2.3.2 and the default 1.x probe through a 2.3.2 server; each
     * probe runs on the client it was given, and both class the provider's crash as no provider.
     */
    @Test
    void oneXAndTwoXProbesCallAProviderOnTheNewestClientThroughA232ServerAndClassNoProvider() throws Exception {
        try (LocalCluster cluster = start("2.3.2", 1)) {
            String servers = servers(cluster);
            int port = LocalClusterSpec.firstFreePort(1, 28500);
            DemoProviderProcess provider = provider("2.5.1", servers, port, "demo-2.5.1");
            try (ProbeProcess dubbo27 = ProbeProcess.start(ProbeOptions.defaults(PROBE_RUNS_AT_MOST), servers,
                         dir.resolve("probe-1x"), System.out::println);
                 ProbeProcess dubbo32 = ProbeProcess.start(ProbeOptions.defaults(PROBE_RUNS_AT_MOST).withClient("2.3.2"),
                         servers, dir.resolve("probe-2.3.2"), System.out::println)) {
                for (ProbeProcess probe : List.of(dubbo27, dubbo32)) {
                    List<ProbeSecond> steady = awaitSeconds(probe, 15);
                    long ended = steady.stream().mapToLong(s -> s.calls().ended()).sum();
                    long succeeded = steady.stream().mapToLong(s -> s.calls().success()).sum();
                    assertThat(100.0 * succeeded / ended).as("%s success %%", probe.options().client())
                            .isGreaterThanOrEqualTo(99.0);
                }
                assertThat(cluster.node(1).api().connectedClients()).as("the server's view of each 2.x client")
                        .extracting(c -> c.clientVersion()).contains("2.5.1", "2.3.2");
                provider.kill();
                for (ProbeProcess probe : List.of(dubbo27, dubbo32)) {
                    await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                            .until(() -> probe.series().get(probe.series().size() - 1).totals().noProvider() > 0);
                }
                for (ProbeProcess probe : List.of(dubbo27, dubbo32)) {
                    ProbeSummary summary = probe.stop();
                    System.out.println("probe summary: " + summary);
                    assertThat(summary.client()).isEqualTo(probe == dubbo27 ? "Dubbo 2.7.23 + nacos-client 1.4.1"
                            : "Dubbo 3.2.19 + nacos-client 2.3.2");
                    assertBooksBalance(summary, probe.series(), probe.directory().resolve("results.jtl"));
                    assertThat(summary.totals().other()).as("unclassified: %s", summary.totals().otherClasses()).isZero();
                }
            } finally {
                provider.close();
            }
        }
    }

    private LocalCluster start(String version, int nodes) {
        LocalClusterSpec spec = LocalClusterSpec.of(version, nodes, dir.resolve("nacos-" + version))
                .withFirstPort(LocalClusterSpec.firstFreePort(nodes, 21000));
        return LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), System.out::println);
    }

    private static String servers(LocalCluster cluster) {
        return cluster.localNodes().stream().map(LocalNode::address).collect(Collectors.joining(","));
    }

    private DemoProviderProcess provider(String client, String servers, int port, String name) {
        return DemoProviderProcess.start(client, servers, port, name, dir.resolve(name), System.out::println);
    }

    private static List<ProbeSecond> awaitSeconds(ProbeProcess probe, int seconds) {
        await().atMost(Duration.ofSeconds(seconds + 30)).pollInterval(Duration.ofSeconds(1))
                .until(() -> probe.series().size() >= seconds);
        return probe.series().subList(0, seconds);
    }

    private static Optional<Long> firstSecondAfter(List<ProbeSecond> series, long after, Predicate<ProbeSecond> test) {
        return series.stream().filter(s -> s.second() > after).filter(test).map(ProbeSecond::second).findFirst();
    }

    private static boolean fiveWholeSecondsOfSuccessAfter(List<ProbeSecond> series, long after) {
        int run = 0;
        for (ProbeSecond s : series) {
            boolean allAnswered = s.second() > after && s.calls().ended() >= 95 && s.calls().success() == s.calls().ended();
            run = allAnswered ? run + 1 : 0;
            if (run == 5) {
                return true;
            }
        }
        return false;
    }

    /** The endpoint answers the run's token alone, and counts at least the {@code succeeded} calls already seen. */
    private static void assertPrometheusEndpointCounts(URI metrics, ControlToken token, long succeeded)
            throws IOException, InterruptedException {
        assertThat(metrics.getHost()).isEqualTo("127.0.0.1");
        HttpClient http = HttpClient.newHttpClient();
        assertThat(http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                .as("without the run's token").isEqualTo(401);
        String text = http.send(HttpRequest.newBuilder(metrics).header(ControlToken.HEADER, token.authorization()).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(text).contains("upgradelab_probe_scheduled_total", "upgradelab_probe_in_flight",
                "upgradelab_probe_calls_total{outcome=\"no_provider\"} 0", "upgradelab_probe_latency_seconds_bucket");
        double success = text.lines().filter(l -> l.startsWith("upgradelab_probe_calls_total{outcome=\"success\"}"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertThat(success).isGreaterThanOrEqualTo(succeeded).isGreaterThan(900);
    }

    /** scheduled = the sum of outcomes, in the summary, in every line of the series, and in the JTL. */
    /** nice -10 where raising a priority is allowed (root here), else the default 0 (nice only warns). */
    private static void assertRunsAheadOfTheSystemUnderTestWhereAllowed(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        int niceness = Integer.parseInt(afterName[16]);   // field 19 of proc(5), the 17th after the name
        boolean root = "0".equals(new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).trim());
        assertThat(niceness).as("the probe's niceness").isEqualTo(root ? -10 : 0);
    }

    private static void assertBooksBalance(ProbeSummary summary, List<ProbeSecond> series, Path jtl) throws IOException {
        CallCounts totals = summary.totals();
        assertThat(summary.balanced()).isTrue();
        assertThat(totals.inFlight()).isZero();
        assertThat(totals.scheduled()).isPositive().isEqualTo(totals.ended());
        for (ProbeSecond second : series) {
            assertThat(second.totals().scheduled()).as("second %d", second.second())
                    .isEqualTo(second.totals().ended() + second.totals().inFlight());
        }
        assertThat(series.stream().mapToLong(s -> s.calls().scheduled()).sum()).isEqualTo(totals.scheduled());
        assertThat(series.stream().mapToLong(s -> s.calls().ended()).sum()).isEqualTo(totals.ended());
        assertThat(series.get(series.size() - 1).totals()).isEqualTo(totals);

        List<String> rows = Files.readAllLines(jtl);
        assertThat(rows.get(0)).startsWith("timeStamp,elapsed,label,responseCode,responseMessage,threadName");
        Map<String, Long> byCode = rows.stream().skip(1).map(row -> row.split(",", 5)[3])
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(rows.size() - 1L).isEqualTo(totals.scheduled());
        assertThat(byCode.getOrDefault("success", 0L)).isEqualTo(totals.success());
        assertThat(byCode.getOrDefault("network", 0L)).isEqualTo(totals.network());
        assertThat(byCode.getOrDefault("noProvider", 0L)).isEqualTo(totals.noProvider());
    }

    /** Providers and the probe's own consumer registration alike: every instance on 127.0.0.1. */
    private static void assertEveryInstanceIsOnLoopback(LocalCluster cluster) {
        NacosApi api = cluster.node(1).api();
        List<ServiceSummary> services = api.services();
        assertThat(services).extracting(ServiceSummary::name).anyMatch(n -> n.startsWith("providers:"));
        for (ServiceSummary service : services) {
            if (NacosApi.DEFAULT_GROUP.equals(service.group())) {
                api.instances(service.name()).forEach(instance ->
                        assertThat(instance.ip()).as("%s in %s", instance, service.name()).isEqualTo("127.0.0.1"));
            }
        }
    }
}
