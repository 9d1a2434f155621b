package io.upgradelab.runner.gateway;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.nacos.NacosCredentials;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The demo backends and a gateway in front of them, started together and stopped together: the backends
 * register through the cluster under test, the gateway finds them through it. It is ready when the gateway
 * has routed a call to every backend (each names itself in {@link DemoCall#BACKEND_HEADER}): a real signal that
 * discovery works end to end, never a sleep.
 */
public final class GatewayRig implements GatewayLoad.Rig {

    /** The gateway's name in journal lines. */
    public static final String GATEWAY_NAME = "spring-cloud-gateway";
    /** The service the backends register as, and the gateway routes to ({@code lb://}). */
    static final String SERVICE = "upgrade-lab-demo-backend";
    /** The path every backend answers and the gateway routes. */
    static final String PATH = "/demo/call";
    private static final String HOST = "127.0.0.1";
    /** From the gateway's start until it routed to every backend: discovery's first pull and push. */
    private static final Duration ROUTING_TIMEOUT = Duration.ofSeconds(90);

    private final List<ProgramProcess> backends = new ArrayList<>();
    private final List<Integer> backendPorts = new ArrayList<>();
    private final List<ProgramProcess> gateways = new ArrayList<>();
    private final List<Integer> gatewayPorts = new ArrayList<>();
    private final Settings settings;
    private final Path directory;
    private final Consumer<String> progress;

    private GatewayRig(Settings settings, Path directory, Consumer<String> progress) {
        this.settings = settings;
        this.directory = directory;
        this.progress = progress;
    }

    /**
     * What the rig runs.
     *
     * @param servers     the Nacos server list the backends and the gateway are given
     * @param login       the Nacos user, where the cluster checks clients
     * @param backends    how many demo backends
     * @param delay       how long each backend waits before it answers
     * @param bodyBytes   the size of each answer
     * @param lbCaches    one gateway per entry, side by side in front of the same backends, each with Spring Cloud
     *                    LoadBalancer's instance cache on or off
     * @param firstPort   the first backend's port; gateway i's is {@code firstPort + 100 + i}
     */
    public record Settings(String servers, Optional<NacosCredentials> login, int backends, Duration delay, int bodyBytes,
                           List<Boolean> lbCaches, int firstPort) {

        public Settings {
            lbCaches = List.copyOf(lbCaches);
        }
    }

    /** Starts the backends, then the gateway, in {@code directory}; returns once the gateway reaches every backend. */
    public static GatewayRig start(Settings settings, Path directory, Consumer<String> progress) throws InterruptedException {
        GatewayRig rig = new GatewayRig(settings, directory, progress);
        try {
            for (int i = 0; i < settings.backends(); i++) {
                rig.addBackend();
            }
            for (int i = 0; i < settings.lbCaches().size(); i++) {
                int port = settings.firstPort() + 100 + i;
                Map<String, String> properties = new LinkedHashMap<>(common(settings, port));
                properties.put("lab.service", SERVICE);
                properties.put("spring.cloud.loadbalancer.cache.enabled", Boolean.toString(settings.lbCaches().get(i)));
                String name = GATEWAY_NAME + (settings.lbCaches().get(i) ? "" : "-no-lb-cache");
                rig.gateways.add(ProgramProcess.start(GatewayProgram.SPRING_CLOUD_GATEWAY, name, directory.resolve(name),
                        properties, settings.login(), progress));
                rig.gatewayPorts.add(port);
            }
            for (int i = 0; i < rig.gateways.size(); i++) {
                rig.awaitRoutingToEveryBackend(i, progress);
            }
            return rig;
        } catch (RuntimeException | InterruptedException e) {
            rig.close();
            throw e;
        }
    }

    /**
     * Starts one more backend, on the port after the last one's, and returns its {@code host:port} once it has
     * registered through Nacos: a new instance whose first answers through a gateway show how soon it routes there.
     */
    public String addBackend() {
        int index = backends.size();
        int port = settings.firstPort() + index;
        Map<String, String> properties = new LinkedHashMap<>(common(settings, port));
        properties.put("spring.application.name", SERVICE);
        properties.put("lab.delay", settings.delay().toMillis() + "ms");
        properties.put("lab.body-bytes", Integer.toString(settings.bodyBytes()));
        ProgramProcess backend = ProgramProcess.start(GatewayProgram.DEMO_BACKEND, "demo-backend-" + port,
                directory.resolve("backend-" + (index + 1)), properties, settings.login(), progress);
        synchronized (this) {
            backends.add(backend);
            backendPorts.add(port);
        }
        return HOST + ":" + port;
    }

    private static Map<String, String> common(Settings settings, int port) {
        return Map.of("server.port", Integer.toString(port), "server.address", HOST,
                "spring.cloud.nacos.discovery.server-addr", settings.servers(),
                "spring.cloud.nacos.discovery.ip", HOST);
    }

    @Override
    public String gatewayUrl() {
        return gatewayUrl(0);
    }

    /** Gateway {@code index}'s URL of the demo path, in the order of {@link Settings#lbCaches()}. */
    public String gatewayUrl(int index) {
        return "http://" + HOST + ":" + gatewayPorts.get(index) + PATH;
    }

    /** Backend {@code index} crashes: SIGKILL, nothing deregistered, as a node or a pod dies. */
    public void killBackend(int index) {
        backends.get(index).kill();
    }

    @Override
    public String backendUrl(int index) {
        return "http://" + HOST + ":" + backendPorts.get(index) + PATH;
    }

    /** The backends' {@code host:port}, as they registered and as {@code X-Lab-Backend} names them. */
    public synchronized List<String> backendAddresses() {
        return backendPorts.stream().map(p -> HOST + ":" + p).toList();
    }

    /** Polls gateway {@code gateway} until some call has reached each backend; one that does not, in time, fails the step. */
    private void awaitRoutingToEveryBackend(int gateway, Consumer<String> progress) throws InterruptedException {
        HttpClient http = DemoCall.client();
        Set<String> reached = new HashSet<>();
        Set<String> expected = Set.copyOf(backendAddresses());
        Deadline deadline = Deadline.after(ROUTING_TIMEOUT);
        String last = "no answer yet";
        while (!reached.containsAll(expected)) {
            DemoCall call = DemoCall.get(http, gatewayUrl(gateway));
            last = call.describe();
            if (!call.backend().isEmpty()) {
                reached.add(call.backend());
            }
            if (!reached.containsAll(expected)) {
                if (deadline.hasPassed()) {
                    throw new LabException(LabException.FAILED, gateways.get(gateway) + " did not route to every backend "
                            + deadline.describe() + ": reached " + reached + " of " + expected + ", last: " + last);
                }
                deadline.awaitNextPoll(Duration.ofMillis(250));
            }
        }
        progress.accept(gateways.get(gateway) + ": routes to all " + expected.size() + " backends found through Nacos");
    }

    /** Stops the gateway first (no call is left in flight to a backend that stops), then the backends. */
    @Override
    public void close() {
        gateways.forEach(ProgramProcess::close);
        backends.forEach(ProgramProcess::close);
    }
}
