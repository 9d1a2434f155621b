package io.upgradelab.probe.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.probe.Phases;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The probe's control port, how the runner talks to it while it calls: {@code GET /metrics}
 * (Prometheus), {@code POST /stop} (stop calling, account for every call, exit) and {@code POST /phase}
 * (a phase of the experiment began: the JTL labels calls with it from its start on, {@link Phases}).
 * Apart from the probe, so what each request does is tested without a registry.
 */
final class ControlPort {

    private ControlPort() {
    }

    /** Listens on {@code address} (port 0: a free one), serving until stopped. */
    static HttpServer start(InetSocketAddress address, HttpHandler metrics, Runnable stop, Phases phases)
            throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        server.createContext("/metrics", metrics);
        server.createContext("/stop", exchange -> stop(exchange, stop));
        server.createContext("/phase", exchange -> phase(exchange, phases));
        server.start();
        return server;
    }

    private static void stop(HttpExchange exchange, Runnable stop) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            answer(exchange, 405, "use POST");
            return;
        }
        stop.run();
        answer(exchange, 202, "stopping");
    }

    /** A phase began (the body: {@link ProbeJson#phase(String)}); 400, saying which field, for a body that does not read. */
    private static void phase(HttpExchange exchange, Phases phases) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            answer(exchange, 405, "use POST");
            return;
        }
        ProbePhase phase;
        try {
            phase = ProbeJson.phase(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            answer(exchange, 400, e.getMessage());
            return;
        }
        phases.began(phase);
        answer(exchange, 200, "calls from " + phase.at() + " are labelled " + phase.label());
    }

    private static void answer(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
