package io.upgradelab.runner.gateway;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.gateway.GatewayLoad.Outcome;
import io.upgradelab.runner.gateway.KillWatch.Call;
import io.upgradelab.runner.gateway.KillWatch.Flap;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.probe.ProbeProcess;
import io.upgradelab.runner.process.ProcessAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Consumer stacks side by side on one cluster, each calling instances it found through it: the Dubbo probe on each
 * client version asked (Dubbo 2.7 on 1.x, Dubbo 3.2 on 2.x and later), with the client's empty-push protection off
 * or on, in front of real Dubbo demo providers; Spring Cloud Gateway with Spring Cloud LoadBalancer's cache on or
 * off, in front of demo HTTP backends. Because they call the same instances through the same registry, what differs
 * between their figures is the stack and its settings. Every figure comes from the stack's own calls
 * ({@link KillWatch}): the probe's JTL names the provider that answered, the backend names itself.
 */
public final class StackRig implements GatewayLoad.Stacks {

    private static final String HOST = "127.0.0.1";
    /** A stack answering: its last this many calls succeeded. */
    private static final int ANSWERING_CALLS = 20;
    private static final Duration POLL = Duration.ofMillis(250);
    /**
     * The Dubbo service group of the stacks' providers and probes: their own service in the registry, so the run's probe
     * never calls the providers the stacks kill, and the stacks never call the run's.
     */
    static final String GROUP = "upgrade-lab-stacks";

    /**
     * What runs.
     *
     * @param servers        the Nacos server list every stack and instance is given
     * @param login          the Nacos user, where the cluster checks clients
     * @param dubbo          one probe per entry
     * @param gatewayCaches  one gateway per entry, with Spring Cloud LoadBalancer's cache on or off; none: no gateway
     * @param providerClient the demo providers' nacos-client version (1.4.1 where the cluster serves 1.x only)
     * @param rate           calls per second of each stack
     * @param firstPort      the first backend's port; the providers' from {@code firstPort + 50}, the gateways' from
     *                       {@code firstPort + 100}
     * @param duration       the longest the stacks call: each stops by itself after it
     */
    public record Settings(String servers, Optional<NacosCredentials> login, List<Dubbo> dubbo, List<Boolean> gatewayCaches,
                           String providerClient, double rate, int firstPort, Duration duration) {

        public Settings {
            dubbo = List.copyOf(dubbo);
            gatewayCaches = List.copyOf(gatewayCaches);
        }
    }

    /** A Dubbo consumer stack: its nacos-client version (which picks the Dubbo line) and its empty-push protection. */
    public record Dubbo(String client, boolean pushEmptyProtection) {

        /** e.g. "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection on". */
        public String name() {
            return (io.upgradelab.runner.dubbo.DubboProgram.onDubbo27(client) ? "Dubbo 2.7" : "Dubbo 3.2")
                    + " + nacos-client " + client + ", empty-push protection " + (pushEmptyProtection ? "on" : "off");
        }
    }

    /** One stack: its name, its calls as recorded so far, and whether it calls the Dubbo providers (else the backends). */
    private record Stack(String name, Supplier<List<Call>> calls, boolean dubbo) {
    }

    private final Settings settings;
    private final Path directory;
    private final Consumer<String> progress;
    private final List<DemoProviderProcess> providers = new ArrayList<>();
    private final List<ProbeProcess> probes = new ArrayList<>();
    private final List<KillWatch.HttpCaller> callers = new ArrayList<>();
    private final List<Stack> stacks = new ArrayList<>();
    private GatewayRig rig;

    private StackRig(Settings settings, Path directory, Consumer<String> progress) {
        this.settings = settings;
        this.directory = directory;
        this.progress = progress;
    }

    /** Starts two instances of each kind, then every stack; returns once each stack answers. */
    public static StackRig start(Settings settings, Path directory, Consumer<String> progress)
            throws InterruptedException {
        StackRig running = new StackRig(settings, directory, progress);
        try {
            running.startAll();
            running.awaitAnswering();
            return running;
        } catch (RuntimeException | InterruptedException e) {
            running.close();
            throw e;
        }
    }

    private void startAll() throws InterruptedException {
        if (!settings.dubbo().isEmpty()) {
            for (int i = 0; i < 2; i++) {
                addProvider();
            }
        }
        if (!settings.gatewayCaches().isEmpty()) {
            rig = GatewayRig.start(new GatewayRig.Settings(settings.servers(), settings.login(), 2, Duration.ofMillis(20),
                    2048, settings.gatewayCaches(), settings.firstPort()), directory.resolve("gateway"), progress);
        }
        for (Dubbo dubbo : settings.dubbo()) {
            ProbeOptions options = new ProbeOptions(dubbo.client(), settings.rate(), Duration.ofSeconds(1),
                    settings.duration(), settings.login(), ProcessAddress.DEFAULT, dubbo.pushEmptyProtection(), GROUP);
            ProbeProcess probe = ProbeProcess.start(options, settings.servers(),
                    directory.resolve("probe-" + (probes.size() + 1)), progress);
            probes.add(probe);
            stacks.add(new Stack(dubbo.name(), KillWatch.fromJtl(probe.jtl()), true));
        }
        for (int i = 0; i < settings.gatewayCaches().size(); i++) {
            KillWatch.HttpCaller caller = KillWatch.HttpCaller.start(rig.gatewayUrl(i),
                    Duration.ofMillis(Math.round(1000 / settings.rate())), settings.duration());
            callers.add(caller);
            stacks.add(new Stack(gatewayName(settings.gatewayCaches().get(i)), caller::calls, false));
        }
    }

    /** e.g. "Spring Cloud Gateway, load-balancer cache on". */
    public static String gatewayName(boolean lbCache) {
        return "Spring Cloud Gateway, load-balancer cache " + (lbCache ? "on" : "off");
    }

    private String addProvider() {
        int port = settings.firstPort() + 50 + providers.size();
        providers.add(DemoProviderProcess.start(settings.providerClient(), settings.servers(), settings.login(),
                ProcessAddress.DEFAULT, port, DemoProviders.APPLICATION, GROUP, directory.resolve("provider-" + port),
                progress));
        return HOST + ":" + port;
    }

    /** Gateway {@code index}'s URL of the demo path, in the order of {@link Settings#gatewayCaches()}. */
    public String gatewayUrl(int index) {
        return rig.gatewayUrl(index);
    }

    @Override
    public List<String> names() {
        return stacks.stream().map(Stack::name).toList();
    }

    /**
     * Kills the second Dubbo provider and the second backend at one instant (SIGKILL, nothing deregistered), waits
     * until every stack has settled (no failure for {@code settle}) or {@code bound} has passed, then starts a new
     * one of each and waits, at most {@code bound}, until every stack has been answered by it.
     */
    @Override
    public List<Outcome> killAnInstance(Duration settle, Duration bound) throws InterruptedException {
        awaitAnswering();
        String deadProvider = providers.isEmpty() ? "" : HOST + ":" + providers.get(1).port();
        String deadBackend = rig == null ? "" : rig.backendAddresses().get(1);
        // each kill's instant once it returned (the process gone), so no call counted after it reached the dead one alive
        long providerKilled = System.currentTimeMillis();
        if (!providers.isEmpty()) {
            providers.get(1).kill();
            providerKilled = System.currentTimeMillis();
        }
        long backendKilled = System.currentTimeMillis();
        if (rig != null) {
            rig.killBackend(1);
            backendKilled = System.currentTimeMillis();
        }
        progress.accept("consumer stacks: killed " + String.join(" and ", List.of(deadProvider, deadBackend).stream()
                .filter(s -> !s.isEmpty()).toList()) + " (SIGKILL)");
        List<Flap> flaps = new ArrayList<>();
        for (Stack stack : stacks) {
            flaps.add(KillWatch.awaitSettled(stack.calls(), stack.dubbo() ? providerKilled : backendKilled,
                    stack.dubbo() ? deadProvider : deadBackend, settle, bound));
        }
        String newProvider = providers.isEmpty() ? "" : addProvider();
        long providerRegistered = System.currentTimeMillis();
        String newBackend = rig == null ? "" : rig.addBackend();
        long backendRegistered = System.currentTimeMillis();
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < stacks.size(); i++) {
            Stack stack = stacks.get(i);
            OptionalDouble toNew = KillWatch.awaitFirstAnswer(stack.calls(), stack.dubbo() ? newProvider : newBackend,
                    stack.dubbo() ? providerRegistered : backendRegistered, bound);
            outcomes.add(new Outcome(stack.name(), flaps.get(i), toNew));
        }
        return outcomes;
    }

    /**
     * Runs {@code disturbance} (a Nacos node killed and started again, a rolling upgrade) under every stack, then watches
     * them for {@code after} more and until each has settled, or {@code bound} has passed since the disturbance ended.
     */
    @Override
    public List<Outcome> through(GatewayLoad.Disturbance disturbance, Duration after, Duration settle, Duration bound)
            throws InterruptedException {
        awaitAnswering();
        long from = System.currentTimeMillis();
        disturbance.run();
        long watchFrom = System.currentTimeMillis() + after.toMillis();
        Deadline deadline = Deadline.after(after.plus(bound));
        for (Stack stack : stacks) {
            while (stack.calls().get().stream().noneMatch(c -> c.startMillis() >= watchFrom)) {
                if (deadline.hasPassed()) {
                    throw new LabException(LabException.FAILED, stack.name() + " made no call " + deadline.describe());
                }
                deadline.awaitNextPoll(POLL);
            }
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (Stack stack : stacks) {
            Flap flap = KillWatch.awaitSettled(stack.calls(), from, "", settle,
                    Duration.ofMillis(watchFrom - from).plus(bound));
            outcomes.add(new Outcome(stack.name(), flap, OptionalDouble.empty()));
        }
        return outcomes;
    }

    /** Until each stack's last calls answered: the probes past their warm-up, the gateways past their first calls. */
    private void awaitAnswering() throws InterruptedException {
        Deadline deadline = Deadline.after(Duration.ofSeconds(90));
        for (Stack stack : stacks) {
            while (!answering(stack.calls().get())) {
                if (deadline.hasPassed()) {
                    throw new LabException(LabException.FAILED, stack.name() + " did not answer " + deadline.describe());
                }
                deadline.awaitNextPoll(POLL);
            }
        }
    }

    private static boolean answering(List<Call> calls) {
        return calls.size() >= ANSWERING_CALLS
                && calls.subList(calls.size() - ANSWERING_CALLS, calls.size()).stream().noneMatch(Call::failed);
    }

    /** Stops the callers and probes, then the gateways and backends, then the providers. */
    @Override
    public void close() {
        callers.forEach(KillWatch.HttpCaller::close);
        probes.forEach(ProbeProcess::close);
        if (rig != null) {
            rig.close();
        }
        providers.forEach(DemoProviderProcess::close);
    }
}
