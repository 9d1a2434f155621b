package io.upgradelab.probe.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.probe.Phases;
import io.upgradelab.probe.output.SeriesFile;
import io.upgradelab.probe.output.SummaryFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Supplier;
import org.upgradelab.demo.ControlToken;

/**
 * The probe's control port, how the runner talks to it while it calls: {@code GET /metrics}
 * (Prometheus), {@code POST /stop} (stop calling, account for every call, exit) and {@code POST /phase}
 * (a phase of the experiment began: the JTL labels calls with it from its start on, {@link Phases}).
 *
 * <p>And what a runner that cannot read the probe's files reads instead (a probe in a pod of its
 * own): {@code GET /state} ({@code {"state":"warming"}}: starting, warming, calling, finished),
 * {@code GET /series?offset=B} (the whole lines of series.jsonl from byte {@code B} on; the next
 * offset is {@code B} plus the body's length) and {@code GET /summary} (summary.json once the probe
 * has ended, 404 before). Apart from the probe, so what each request does is tested without a registry.
 *
 * <p>Every request, {@code /metrics} included, carries the run's control token
 * ({@code Authorization: Bearer <token>}, {@link ControlToken}); one without it, or with another, is
 * answered 401 before it reaches a handler: no phase is told, no stop asked, nothing read.
 */
final class ControlPort {

    private ControlPort() {
    }

    /**
     * Listens on {@code address} (port 0: a free one), serving the holder of {@code token} alone until
     * stopped; {@code state} is the probe's state now, {@code out} the directory of its series and summary.
     */
    static HttpServer start(InetSocketAddress address, ControlToken token, HttpHandler metrics, Runnable stop,
                            Phases phases, Supplier<String> state, Path out) throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        token.serve(server, "/metrics", metrics);
        token.serve(server, "/stop", exchange -> stop(exchange, stop));
        token.serve(server, "/phase", exchange -> phase(exchange, phases));
        token.serve(server, "/state", exchange -> get(exchange,
                () -> json("{\"state\":\"" + state.get() + "\"}")));
        token.serve(server, "/series", exchange -> series(exchange, out.resolve(SeriesFile.NAME)));
        token.serve(server, "/summary", exchange -> get(exchange,
                () -> summary(out.resolve(SummaryFile.NAME))));
        server.start();
        return server;
    }

    private static void stop(HttpExchange exchange, Runnable stop) throws IOException {
        if (!isMethod(exchange, "POST")) {
            return;
        }
        stop.run();
        answer(exchange, 202, "stopping");
    }

    /** A phase began (the body: {@link ProbeJson#phase(String)}); 400, saying which field, for a body that does not read. */
    private static void phase(HttpExchange exchange, Phases phases) throws IOException {
        if (!isMethod(exchange, "POST")) {
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

    /** The whole lines from byte {@code offset} on: a line being written is left for the next read. */
    private static void series(HttpExchange exchange, Path file) throws IOException {
        if (!isMethod(exchange, "GET")) {
            return;
        }
        long offset;
        try {
            offset = Long.parseLong(query(exchange, "offset", "0"));
        } catch (NumberFormatException e) {
            answer(exchange, 400, "offset is not a whole number of bytes");
            return;
        }
        byte[] tail = tail(file, offset);
        int whole = tail.length;
        while (whole > 0 && tail[whole - 1] != '\n') {
            whole--;
        }
        send(exchange, 200, "application/x-ndjson", Arrays.copyOf(tail, whole));
    }

    private static byte[] tail(Path file, long offset) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(Math.min(offset, Files.size(file)));
            return in.readAllBytes();
        } catch (NoSuchFileException e) {
            return new byte[0];   // not calling yet: nothing written
        }
    }

    /** summary.json, once the probe wrote it (atomically, when it ended). */
    private static Answer summary(Path file) throws IOException {
        return Files.isRegularFile(file) ? json(Files.readString(file))
                : new Answer(404, "text/plain", "the probe has not ended: no summary yet\n");
    }

    private record Answer(int status, String type, String body) {
    }

    private static Answer json(String body) {
        return new Answer(200, "application/json", body);
    }

    private interface Reading {
        Answer read() throws IOException;
    }

    private static void get(HttpExchange exchange, Reading reading) throws IOException {
        if (!isMethod(exchange, "GET")) {
            return;
        }
        Answer answer = reading.read();
        send(exchange, answer.status(), answer.type(), answer.body().getBytes(StandardCharsets.UTF_8));
    }

    /** Whether the request is a {@code method}; when not, it has been answered 405. */
    private static boolean isMethod(HttpExchange exchange, String method) throws IOException {
        if (method.equals(exchange.getRequestMethod())) {
            return true;
        }
        answer(exchange, 405, "use " + method);
        return false;
    }

    private static String query(HttpExchange exchange, String name, String fallback) {
        String raw = exchange.getRequestURI().getRawQuery();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            if (pair.startsWith(name + "=")) {
                return pair.substring(name.length() + 1);
            }
        }
        return fallback;
    }

    private static void answer(HttpExchange exchange, int status, String text) throws IOException {
        send(exchange, status, "text/plain", (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
