package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.local.LocalBackend;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.gateway.GatewayRig;
import io.upgradelab.runner.gateway.KillWatch;
import io.upgradelab.runner.gateway.Wrk;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real gateway in front of real backends, found through a real Nacos: a standalone 2.3.2, two demo
 * backends registered through it, and two Spring Cloud Gateways side by side in front of them, one with
 * Spring Cloud LoadBalancer's instance cache (Spring Cloud's default) and one without. wrk measures each
 * gateway; then backend 2 is killed (SIGKILL, nothing deregistered) while each gateway is called 50 times
 * a second, and the test measures, per gateway, how long it kept calling the dead backend and how many
 * calls failed, and holds each to what its stack promises: without the cache, the time Nacos takes to drop
 * a dead gRPC client and push; with it, that plus the cache's 35 s (spring-cloud-alibaba #3175).
 */
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class GatewayIT {

    private static final int PORT = 28848;
    private static final int FIRST_PORT = 21600;

    @TempDir
    static Path work;

    private static LocalCluster cluster;
    private static GatewayRig rig;

    @BeforeAll
    static void aStandalone232WithTwoBackendsAndTwoGateways() throws InterruptedException {
        LocalClusterSpec spec = new LocalClusterSpec("2.3.2", 1, PORT, work.resolve("cluster"), "512m",
                Duration.ofMinutes(2), Map.of());
        cluster = LocalBackend.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), Storage.EMBEDDED,
                System.out::println);
        rig = GatewayRig.start(new GatewayRig.Settings(cluster.serverAddresses(), Optional.empty(), 2,
                Duration.ofMillis(20), 2048, List.of(true, false), FIRST_PORT), work.resolve("rig"), System.out::println);
    }

    @AfterAll
    static void stop() {
        if (rig != null) {
            rig.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void eachGatewayRoutesToTheBackendsItFoundThroughNacosAndRidesABackendsDeathAsItsCacheAllows()
            throws Exception {
        for (int gateway = 0; gateway < 2; gateway++) {
            Wrk.Report report = Wrk.run(rig.gatewayUrl(gateway), 2, 20, Duration.ofSeconds(4),
                    work.resolve("wrk-" + gateway + ".txt"));
            System.out.println("wrk through gateway " + gateway + ": " + report);
            assertThat(report.requests()).as("wrk's requests through gateway " + gateway).isPositive();
            assertThat(report.errors()).as("wrk's errors through gateway " + gateway).isEmpty();
            assertThat(report.latency().p50()).as("20 ms at the backend, and the gateway's own").isGreaterThanOrEqualTo(20);
        }

        String dead = rig.backendAddresses().get(1);
        AtomicBoolean killed = new AtomicBoolean();
        Runnable killOnce = () -> {
            if (killed.compareAndSet(false, true)) {
                rig.killBackend(1);
            }
        };
        ExecutorService callers = Executors.newFixedThreadPool(2);   // the common pool has one thread on 2 cores
        KillWatch.Flap withCache;
        KillWatch.Flap withoutCache;
        try {
            CompletableFuture<KillWatch.Flap> cached = watch(0, killOnce, dead, callers);
            CompletableFuture<KillWatch.Flap> uncached = watch(1, killOnce, dead, callers);
            withCache = cached.get();
            withoutCache = uncached.get();
        } finally {
            callers.shutdownNow();
        }
        System.out.println("backend " + dead + " killed: with the load balancer's cache " + withCache
                + "; without it " + withoutCache);

        assertThat(withoutCache.settled()).as("without the cache: settled " + withoutCache).isTrue();
        assertThat(withoutCache.secondsToStop()).as("without the cache, it stops calling the dead backend once Nacos"
                + " drops it: " + withoutCache).isLessThan(15);
        assertThat(withCache.settled()).as("with the cache: settled " + withCache).isTrue();
        assertThat(withCache.secondsToStop()).as("with the cache, at most its 35 s after Nacos drops it: " + withCache)
                .isLessThan(35 + 15);
        for (KillWatch.Flap flap : List.of(withCache, withoutCache)) {
            assertThat(flap.deadAnsweredAfter()).as("the dead backend answered nothing after its death").isZero();
            assertThat(flap.errors()).as("errors counted while it called the dead backend: " + flap)
                    .isLessThanOrEqualTo(flap.calls());
            assertThat(flap.errors() == 0).as("no error means it stopped at once: " + flap)
                    .isEqualTo(flap.secondsToStop() == 0);
        }
    }

    private static CompletableFuture<KillWatch.Flap> watch(int gateway, Runnable kill, String dead, ExecutorService on) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return KillWatch.watch(rig.gatewayUrl(gateway), Duration.ofMillis(20), Duration.ofSeconds(3), kill, dead,
                        Duration.ofSeconds(8), Duration.ofSeconds(60));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }, on);
    }
}
