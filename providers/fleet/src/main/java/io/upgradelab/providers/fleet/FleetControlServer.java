package io.upgradelab.providers.fleet;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.FleetStatus;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import org.upgradelab.demo.ControlToken;

/**
 * The fleet's control channel: a small JSON-over-HTTP API at the fleet's own address, so the runner (or a person
 * with curl) drives a fleet in another process and reads its state.
 *
 * <pre>
 * GET  /state                                   FleetStatus as JSON
 * GET  /registrations                           FleetRegistrations: each client's services, as JSON
 * POST /scale?to=N&amp;rate=R&amp;client=2.3.2        grow or shrink to N providers (202, runs in the background)
 * POST /crash?processes=K                       crash the K highest-numbered processes
 * POST /upgrade?batch=B&amp;of=M&amp;to=2.5.1&amp;rate=R     rolling client upgrade of batch B of M
 * POST /stop                                    deregister everything, close, exit
 * </pre>
 * A client is named by its version or a shorthand ({@code 1x} = 1.4.1, {@code 2x} = 2.0.4);
 * {@code generation=} is the older name of {@code client=}, and new providers start on 1.4.1 without
 * either. Operations run in the order received; {@code busy} in the state is false once all are done.
 * Bad parameters answer 400 with {@code {"error": "..."}}.
 *
 * <p>Every request, a read included, carries the run's control token ({@code Authorization: Bearer <token>},
 * {@link ControlToken}); one without it, or with another, is answered 401 before it reaches the fleet,
 * so it changes nothing and reads nothing.
 */
public final class FleetControlServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Fleet fleet;
    private final Runnable onStop;

    /** Serves {@code fleet} at {@code address}:{@code port} (0: a free one) to the holder of {@code token} alone. */
    public FleetControlServer(Fleet fleet, String address, int port, ControlToken token, Runnable onStop)
            throws IOException {
        this.fleet = fleet;
        this.onStop = onStop;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), port), 16);
        server.setExecutor(Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "fleet-control");
            t.setDaemon(true);
            return t;
        }));
        token.serve(server, "/state", exchange -> respond(exchange, "GET", () -> fleet.state()));
        token.serve(server, "/registrations", exchange -> respond(exchange, "GET",
                () -> fleet.registrations()));
        token.serve(server, "/scale", exchange -> respond(exchange, "POST", () -> {
            Map<String, String> q = query(exchange);
            fleet.scaleTo(integer(q, "to"), number(q, "rate", 100), q.getOrDefault("client", q.getOrDefault("generation", "1x")));
            return accepted();
        }));
        token.serve(server, "/crash", exchange -> respond(exchange, "POST", () -> {
            fleet.crashProcesses(integer(query(exchange), "processes"));
            return accepted();
        }));
        token.serve(server, "/upgrade", exchange -> respond(exchange, "POST", () -> {
            Map<String, String> q = query(exchange);
            fleet.upgradeBatch(integer(q, "batch"), integer(q, "of"), required(q, "to"),
                    number(q, "rate", 100));
            return accepted();
        }));
        token.serve(server, "/stop", exchange -> respond(exchange, "POST", () -> {
            Thread stopper = new Thread(onStop, "fleet-stop");
            stopper.start();
            return accepted();
        }));
    }

    public void start() {
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private interface Action {
        Object run() throws Exception;
    }

    private static void respond(HttpExchange exchange, String method, Action action) throws IOException {
        int status;
        Object body;
        if (!exchange.getRequestMethod().equals(method)) {
            status = 405;
            body = Map.of("error", exchange.getRequestURI().getPath() + " takes " + method);
        } else {
            try {
                body = action.run();
                status = body instanceof Accepted ? 202 : 200;
            } catch (IllegalArgumentException e) {
                status = 400;
                body = Map.of("error", e.getMessage());
            } catch (Exception e) {
                status = 500;
                body = Map.of("error", e.toString());
            }
        }
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The answer to an operation that was queued. */
    private record Accepted(boolean accepted) {
    }

    private static Accepted accepted() {
        return new Accepted(true);
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> q = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    q.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return q;
    }

    private static String required(Map<String, String> q, String name) {
        String value = q.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("missing parameter '" + name + "'");
        }
        return value;
    }

    private static int integer(Map<String, String> q, String name) {
        String value = q.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing parameter '" + name + "'");
        }
        try {
            int n = Integer.parseInt(value);
            if (n < 0) {
                throw new IllegalArgumentException("parameter '" + name + "' must not be negative: " + value);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter '" + name + "' is not a whole number: " + value);
        }
    }

    private static double number(Map<String, String> q, String name, double fallback) {
        String value = q.get(name);
        try {
            return value == null ? fallback : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter '" + name + "' is not a number: " + value);
        }
    }
}
