package io.upgradelab.runner.backend.kubernetes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.api.model.Pod;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.journal.StopReport;
import io.upgradelab.runner.backend.InMemoryNodes;
import io.upgradelab.runner.backend.NodeReadiness;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.upgradelab.demo.ControlToken;

/**
 * The processes in the load's pods, played in the test behind the mock API server: each fleet pod
 * and the probe pod gets a control port of its own, an in-JVM HTTP server on 127.0.0.1, where the
 * runner reaches it ({@link PodAddresses}). A fleet pod holds what it is told at once; the probe has
 * written two seconds and ends when stopped. Every request that changes something is written to
 * {@code sequence} as it arrives ("POST upgrade-lab-fleet-1-4-1-001 /scale to=10 client=1.4.1").
 * Like the real ones, each port answers the run's control token alone: a request without it is
 * answered 401, neither recorded nor done, and the run then fails.
 */
final class PlayedPods implements PodAddresses, AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final List<String> sequence;
    private final ControlToken token;
    private final Map<String, HttpServer> servers = new ConcurrentHashMap<>();
    /** The Nacos nodes, answered from memory: a formed cluster that takes registrations. */
    private final InMemoryNodes nacos = new InMemoryNodes();

    PlayedPods(List<String> sequence, ControlToken token) {
        this.sequence = sequence;
        this.token = token;
    }

    @Override
    public List<NodeReadiness.Node> nacosNodes(List<NodeStatus> running, IntFunction<NacosApi> api) {
        return nacos.of(running);
    }

    @Override
    public URI control(Pod pod, int port) {
        String name = pod.getMetadata().getName();
        HttpServer server = servers.computeIfAbsent(name, n -> ClusterManifests.FLEET_CONTROL_PORT == port
                ? fleet(n) : probe(n));
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private HttpServer fleet(String pod) {
        HttpServer server = listen();
        Map<String, Object> state = new ConcurrentHashMap<>(Map.of("providers", 0, "client", "1.4.1",
                "stop", StopReport.NONE));
        token.serve(server, "/state", x -> answer(x, JSON.writeValueAsString(fleetStatus(state))));
        token.serve(server, "/registrations", x -> answer(x,
                JSON.writeValueAsString(registrations(state))));
        token.serve(server, "/scale", x -> {
            Map<String, String> q = query(x);
            int before = (int) state.get("providers");
            int to = Integer.parseInt(q.get("to"));
            sequence.add("POST " + pod + " /scale to=" + to + " client=" + q.get("client"));
            if (to < before) {
                state.put("stop", new StopReport(before - to, before - to, 0, 0, to == 0 ? 1 : 0, "", 0.5));
            }
            state.put("providers", to);
            state.put("client", q.get("client"));
            answer(x, "{\"accepted\":true}");
        });
        return server;
    }

    private static FleetStatus fleetStatus(Map<String, Object> state) {
        int providers = (int) state.get("providers");
        String client = (String) state.get("client");
        return new FleetStatus(Map.of(client, providers), Map.of(client, providers > 0 ? 1 : 0), providers, false,
                0, 0, "", (StopReport) state.get("stop"), 0, 0, 5, 1 << 20);
    }

    private static FleetRegistrations registrations(Map<String, Object> state) {
        int providers = (int) state.get("providers");
        List<String> services = IntStream.range(0, 10).mapToObj(i -> "providers:LoadService" + i + "::").toList();
        return new FleetRegistrations(services, providers == 0 ? List.of() : List.of(new FleetRegistrations.Client(0,
                "10.244.0.9", 30000, (String) state.get("client"), IntStream.range(0, providers).boxed().toList())));
    }

    private HttpServer probe(String pod) {
        HttpServer server = listen();
        Map<String, Boolean> ended = new ConcurrentHashMap<>(Map.of("ended", false));
        String series = ProbeJson.line(second(1)) + "\n" + ProbeJson.line(second(2)) + "\n";
        token.serve(server, "/state", x -> answer(x, "{\"state\":\""
                + (ended.get("ended") ? "finished" : "calling") + "\"}"));
        token.serve(server, "/phase", x -> {
            sequence.add("POST " + pod + " /phase " + new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
                    .replaceFirst(".*\"title\":\"([^\"]*)\".*", "$1"));
            answer(x, "ok");
        });
        token.serve(server, "/series", x -> {
            long offset = Long.parseLong(query(x).get("offset"));
            byte[] all = series.getBytes(StandardCharsets.UTF_8);
            answer(x, new String(all, (int) Math.min(offset, all.length), (int) Math.max(0, all.length - offset),
                    StandardCharsets.UTF_8));
        });
        token.serve(server, "/stop", x -> {
            sequence.add("POST " + pod + " /stop");
            ended.put("ended", true);
            answer(x, "stopping");
        });
        token.serve(server, "/summary", x -> {
            if (ended.get("ended")) {
                answer(x, ProbeJson.document(summary()));
            } else {
                x.sendResponseHeaders(404, -1);
                x.close();
            }
        });
        return server;
    }

    static ProbeSecond second(long second) {
        CallCounts calls = new CallCounts(100, 100, 0, 0, 0, 0, 0, Map.of());
        return new ProbeSecond(second, T0.plusSeconds(second), calls, calls, new Percentiles(100, 1, 2, 3, 4, 5),
                Percentiles.NONE, 5, "");
    }

    static ProbeSummary summary() {
        CallCounts totals = new CallCounts(200, 200, 0, 0, 0, 0, 0, Map.of());
        return ProbeSummary.of("1.4.1", "DemoService.sayHello", 100, T0, T0.plusSeconds(2), 2, totals,
                new Percentiles(200, 1, 2, 3, 4, 5), Percentiles.NONE, 5);
    }

    private static HttpServer listen() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> q = new ConcurrentHashMap<>();
        String raw = exchange.getRequestURI().getQuery();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            q.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        return q;
    }

    private static void answer(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, bytes.length == 0 ? -1 : bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        servers.values().forEach(s -> s.stop(0));
    }
}
