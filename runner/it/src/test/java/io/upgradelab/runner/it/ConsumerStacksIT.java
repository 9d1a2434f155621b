package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.local.LocalBackend;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.gateway.GatewayLoad.Outcome;
import io.upgradelab.runner.gateway.KillWatch.Flap;
import io.upgradelab.runner.gateway.StackRig;
import io.upgradelab.runner.gateway.Wrk;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Five consumer stacks side by side on one real Nacos (a standalone 2.3.2), each calling instances it found
 * through it, as issue 36 asks ({@link StackRig}): the Dubbo probe on Dubbo 2.7 with nacos-client 1.4.1; on Dubbo 3.2
 * with nacos-client 2.3.2, its empty-push protection off (the client's default) and on; and Spring Cloud Gateway with
 * Spring Cloud LoadBalancer's instance cache on (Spring Cloud's default) and off, in front of demo HTTP backends. wrk
 * measures each gateway first. Then one Dubbo demo provider and one backend are killed at the same instant (SIGKILL,
 * nothing deregistered), and a new one of each starts once every stack has settled: per stack, the test measures how
 * long it kept calling the dead instance, how many calls failed, and how long it took to route to the new one, from
 * each call it made. Last, the Nacos node itself is killed and started again under them.
 */
@Timeout(value = 9, unit = java.util.concurrent.TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsumerStacksIT {

    private static final int PORT = 28848;
    private static final Duration SETTLE = Duration.ofSeconds(8);
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    static Path work;

    private static LocalCluster cluster;
    private static StackRig stacks;

    @BeforeAll
    static void aStandalone232WithFiveStacksCallingTwoInstancesEachFoundThroughIt() throws InterruptedException {
        LocalClusterSpec spec = new LocalClusterSpec("2.3.2", 1, PORT, work.resolve("cluster"), "512m",
                Duration.ofMinutes(2), Map.of());
        cluster = LocalBackend.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), Storage.EMBEDDED,
                System.out::println);
        stacks = StackRig.start(new StackRig.Settings(cluster.serverAddresses(), Optional.empty(),
                List.of(new StackRig.Dubbo("1.4.1", false), new StackRig.Dubbo("2.3.2", false),
                        new StackRig.Dubbo("2.3.2", true)),
                List.of(true, false), "2.3.2", 50, 21600, Duration.ofMinutes(8)), work.resolve("stacks"), System.out::println);
    }

    @AfterAll
    static void stop() {
        if (stacks != null) {
            stacks.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void wrkMeasuresEachGatewayRoutingToTheBackendsItFoundThroughNacos() throws Exception {
        for (int gateway = 0; gateway < 2; gateway++) {
            Wrk.Report report = Wrk.run(stacks.gatewayUrl(gateway), 2, 20, Duration.ofSeconds(4),
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
        List<Outcome> outcomes = stacks.killAnInstance(SETTLE, BOUND);
        outcomes.forEach(o -> System.out.println("instance killed: " + o));

        assertThat(outcomes).extracting(Outcome::stack).containsExactly(
                "Dubbo 2.7 + nacos-client 1.4.1, empty-push protection off",
                "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection off",
                "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection on",
                "Spring Cloud Gateway, load-balancer cache on", "Spring Cloud Gateway, load-balancer cache off");
        for (Outcome outcome : outcomes) {
            Flap flap = outcome.flap();
            String as = outcome.toString();
            assertThat(flap.settled()).as("settled within " + BOUND + ": " + as).isTrue();
            assertThat(flap.deadAnsweredAfter()).as("the dead instance answered nothing after its death: " + as).isZero();
            assertThat(flap.errors() == 0).as("no error means it stopped at once: " + as)
                    .isEqualTo(flap.secondsToStop() == 0);
            assertThat(outcome.secondsToNew()).as("it routed to the new instance: " + as).isPresent();
            double promise = outcome.stack().endsWith("cache on") ? 35 + 15 : 15;   // Nacos drops and pushes; a cache adds its 35 s
            assertThat(flap.secondsToStop()).as("it stopped calling the dead instance within " + promise + " s: " + as)
                    .isLessThan(promise);
            assertThat(outcome.secondsToNew().getAsDouble()).as("it reached the new instance within " + promise + " s: " + as)
                    .isLessThan(promise);
        }
        assertThat(outcomes.get(3).flap().secondsToStop()).as("the load balancer's cache kept the gateway on the dead"
                + " backend longer than without it: " + outcomes).isGreaterThan(outcomes.get(4).flap().secondsToStop());
    }

    @Test
    @Order(3)
    void everyStackAnswersAgainOnceTheNacosNodeItFoundItsInstancesThroughIsBackFromAKill() throws Exception {
        List<Outcome> outcomes = stacks.through(() -> {
            cluster.stopNode(1, StopMode.KILL);
            cluster.startNode(1);
        }, Duration.ofSeconds(20), SETTLE, BOUND);
        outcomes.forEach(o -> System.out.println("Nacos node killed: " + o));

        for (Outcome outcome : outcomes) {
            assertThat(outcome.flap().settled()).as(outcome.stack() + " answers without error again after the node is"
                    + " back: " + outcome).isTrue();
            assertThat(outcome.flap().calls()).as(outcome.stack() + " kept calling through the registry's restart: "
                    + outcome).isPositive();
        }
    }
}
