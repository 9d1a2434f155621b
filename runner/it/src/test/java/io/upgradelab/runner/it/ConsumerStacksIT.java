package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.local.LocalBackend;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.gateway.GatewayRig;
import io.upgradelab.runner.gateway.KillWatch;
import io.upgradelab.runner.gateway.KillWatch.Call;
import io.upgradelab.runner.gateway.KillWatch.Flap;
import io.upgradelab.runner.gateway.Wrk;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.probe.ProbeProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Five consumer stacks side by side on one real Nacos (a standalone 2.3.2), each calling real instances it found
 * through it, as issue 36 asks: the Dubbo probe on Dubbo 2.7 with nacos-client 1.4.1; on Dubbo 3.2 with nacos-client
 * 2.3.2, its empty-push protection off (the client's default) and on; and Spring Cloud Gateway with Spring Cloud
 * LoadBalancer's instance cache on (Spring Cloud's default) and off, in front of demo HTTP backends. wrk measures
 * each gateway first. Then one Dubbo demo provider and one backend are killed at the same instant (SIGKILL, nothing
 * deregistered), and a new one of each starts once every stack has settled: per stack, the test measures how long it
 * kept calling the dead instance, how many calls failed, and how long it took to route to the new one, from each
 * call it made (the probes' JTL names the provider that answered, the gateways' answers the backend). Last, the Nacos
 * node itself is killed and started again under them: each stack's failed calls through the registry's restart.
 */
@Timeout(value = 9, unit = java.util.concurrent.TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsumerStacksIT {

    private static final int PORT = 28848;
    private static final int FIRST_BACKEND_PORT = 21600;
    private static final int FIRST_PROVIDER_PORT = 21650;
    private static final Duration SETTLE = Duration.ofSeconds(8);
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final double PROBE_RATE = 50;
    /** How long after a Nacos node's restart the stacks are watched before they may count as settled. */
    private static final Duration AFTER_RESTART = Duration.ofSeconds(20);

    @TempDir
    static Path work;

    private static LocalCluster cluster;
    private static GatewayRig rig;
    private static final List<DemoProviderProcess> providers = new ArrayList<>();
    private static final List<ProbeProcess> probes = new ArrayList<>();
    private static final List<KillWatch.HttpCaller> callers = new ArrayList<>();
    private static final List<Stack> stacks = new ArrayList<>();

    /** One consumer stack: its name, its calls as recorded so far, and whether it calls the Dubbo providers. */
    private record Stack(String name, Supplier<List<Call>> calls, boolean dubbo) {
    }

    @BeforeAll
    static void aStandalone232WithEveryStackCallingTwoInstancesItFoundThroughIt() throws InterruptedException {
        LocalClusterSpec spec = new LocalClusterSpec("2.3.2", 1, PORT, work.resolve("cluster"), "512m",
                Duration.ofMinutes(2), Map.of());
        cluster = LocalBackend.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), Storage.EMBEDDED,
                System.out::println);
        String servers = cluster.serverAddresses();
        for (int i = 0; i < 2; i++) {
            providers.add(provider(FIRST_PROVIDER_PORT + i));
        }
        rig = GatewayRig.start(new GatewayRig.Settings(servers, Optional.empty(), 2, Duration.ofMillis(20), 2048,
                List.of(true, false), FIRST_BACKEND_PORT), work.resolve("rig"), System.out::println);
        probe("Dubbo 2.7 + nacos-client 1.4.1", new ProbeOptions("1.4.1", PROBE_RATE, Duration.ofSeconds(1),
                Duration.ofMinutes(8)));
        ProbeOptions dubbo3 = new ProbeOptions("2.3.2", PROBE_RATE, Duration.ofSeconds(1), Duration.ofMinutes(8));
        probe("Dubbo 3.2 + nacos-client 2.3.2, empty-push protection off", dubbo3);
        probe("Dubbo 3.2 + nacos-client 2.3.2, empty-push protection on", dubbo3.withPushEmptyProtection(true));
        for (int gateway = 0; gateway < 2; gateway++) {
            KillWatch.HttpCaller caller = KillWatch.HttpCaller.start(rig.gatewayUrl(gateway), Duration.ofMillis(20),
                    Duration.ofMinutes(8));
            callers.add(caller);
            stacks.add(new Stack("Spring Cloud Gateway, load-balancer cache " + (gateway == 0 ? "on" : "off"),
                    caller::calls, false));
        }
    }

    private static DemoProviderProcess provider(int port) {
        return DemoProviderProcess.start("2.3.2", cluster.serverAddresses(), port, DemoProviders.APPLICATION,
                work.resolve("provider-" + port), System.out::println);
    }

    private static void probe(String name, ProbeOptions options) {
        ProbeProcess probe = ProbeProcess.start(options, cluster.serverAddresses(),
                work.resolve("probe-" + (probes.size() + 1)), System.out::println);
        probes.add(probe);
        stacks.add(new Stack(name, () -> KillWatch.fromJtl(probe.jtl()), true));
    }

    @AfterAll
    static void stop() {
        callers.forEach(KillWatch.HttpCaller::close);
        probes.forEach(ProbeProcess::close);
        providers.forEach(DemoProviderProcess::close);
        if (rig != null) {
            rig.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void wrkMeasuresEachGatewayRoutingToTheBackendsItFoundThroughNacos() throws Exception {
        for (int gateway = 0; gateway < 2; gateway++) {
            Wrk.Report report = Wrk.run(rig.gatewayUrl(gateway), 2, 20, Duration.ofSeconds(4),
                    work.resolve("wrk-" + gateway + ".txt"));
            System.out.println("wrk through gateway " + gateway + ": " + report);
            assertThat(report.requests()).as("wrk's requests through gateway " + gateway).isPositive();
            assertThat(report.errors()).as("wrk's errors through gateway " + gateway).isEmpty();
            assertThat(report.latency().p50()).as("20 ms at the backend, and the gateway's own").isGreaterThanOrEqualTo(20);
        }
    }

    @Test
    @Order(2)
    void eachStackStopsCallingAKilledInstanceAndRoutesToANewOneAsItsSettingsAllow() throws Exception {
        awaitEveryStackAnswering();
        String deadProvider = "127.0.0.1:" + providers.get(1).port();
        String deadBackend = rig.backendAddresses().get(1);
        long killedAt = System.currentTimeMillis();
        providers.get(1).kill();
        rig.killBackend(1);

        List<Flap> flaps = new ArrayList<>();
        for (Stack stack : stacks) {
            flaps.add(KillWatch.awaitSettled(stack.calls(), killedAt, stack.dubbo() ? deadProvider : deadBackend,
                    SETTLE, BOUND));
        }
        providers.add(provider(FIRST_PROVIDER_PORT + 2));
        long providerRegistered = System.currentTimeMillis();
        String newProvider = "127.0.0.1:" + (FIRST_PROVIDER_PORT + 2);
        String newBackend = rig.addBackend();
        long backendRegistered = System.currentTimeMillis();
        List<OptionalDouble> toNew = new ArrayList<>();
        for (Stack stack : stacks) {
            toNew.add(KillWatch.awaitFirstAnswer(stack.calls(), stack.dubbo() ? newProvider : newBackend,
                    stack.dubbo() ? providerRegistered : backendRegistered, BOUND));
        }
        for (int i = 0; i < stacks.size(); i++) {
            System.out.println("instance killed: " + stacks.get(i).name() + ": " + flaps.get(i) + "; to the new instance "
                    + toNew.get(i));
        }

        for (int i = 0; i < stacks.size(); i++) {
            Stack stack = stacks.get(i);
            Flap flap = flaps.get(i);
            String as = stack.name() + ": " + flap + ", to the new one " + toNew.get(i);
            assertThat(flap.settled()).as("settled within " + BOUND + ": " + as).isTrue();
            assertThat(flap.deadAnsweredAfter()).as("the dead instance answered nothing after its death: " + as).isZero();
            assertThat(flap.errors() == 0).as("no error means it stopped at once: " + as)
                    .isEqualTo(flap.secondsToStop() == 0);
            assertThat(toNew.get(i)).as("it routed to the new instance: " + as).isPresent();
            boolean lbCache = stack.name().endsWith("cache on");
            double promise = lbCache ? 35 + 15 : 15;   // Nacos drops a dead client and pushes; the cache adds its 35 s
            assertThat(flap.secondsToStop()).as("it stopped calling the dead instance within " + promise + " s: " + as)
                    .isLessThan(promise);
            assertThat(toNew.get(i).getAsDouble()).as("it reached the new instance within " + promise + " s: " + as)
                    .isLessThan(promise);
        }
        assertThat(flaps.get(3).secondsToStop()).as("the load balancer's cache kept the gateway on the dead backend"
                + " longer than without it: " + flaps).isGreaterThan(flaps.get(4).secondsToStop());
    }

    @Test
    @Order(3)
    void everyStackAnswersAgainOnceTheNacosNodeItFoundItsInstancesThroughIsBackFromAKill() throws Exception {
        awaitEveryStackAnswering();
        long killedAt = System.currentTimeMillis();
        cluster.stopNode(1, StopMode.KILL);
        cluster.startNode(1);
        long back = System.currentTimeMillis();
        System.out.println("Nacos node killed and back after " + (back - killedAt) / 1000.0 + " s");
        // what a restart does to the lists comes after it: the clients reconnect, register again and subscribe again
        awaitEveryStackCallingAfter(back + AFTER_RESTART.toMillis());
        for (Stack stack : stacks) {
            Flap flap = KillWatch.awaitSettled(stack.calls(), killedAt, "", SETTLE,
                    Duration.ofMillis(back - killedAt).plus(BOUND));
            System.out.println("Nacos node killed: " + stack.name() + ": " + flap);
            assertThat(flap.settled()).as(stack.name() + " answers without error again after the node is back: " + flap)
                    .isTrue();
            assertThat(flap.calls()).as(stack.name() + " kept calling through the registry's restart: " + flap)
                    .isPositive();
        }
    }

    /** Until each stack's last calls answered: the probes past their warm-up, the callers past their first call. */
    private static void awaitEveryStackAnswering() throws InterruptedException {
        long deadline = System.currentTimeMillis() + BOUND.toMillis();
        for (Stack stack : stacks) {
            while (!answering(stack.calls().get())) {
                assertThat(System.currentTimeMillis()).as(stack.name() + " answers within " + BOUND).isLessThan(deadline);
                Thread.sleep(250);
            }
        }
    }

    /** Until each stack has started a call after {@code millis}. */
    private static void awaitEveryStackCallingAfter(long millis) throws InterruptedException {
        long deadline = millis + BOUND.toMillis();
        for (Stack stack : stacks) {
            while (stack.calls().get().stream().noneMatch(c -> c.startMillis() >= millis)) {
                assertThat(System.currentTimeMillis()).as(stack.name() + " calls on").isLessThan(deadline);
                Thread.sleep(250);
            }
        }
    }

    private static boolean answering(List<Call> calls) {
        return calls.size() >= 20 && calls.subList(calls.size() - 20, calls.size()).stream().noneMatch(Call::failed);
    }
}
