package io.upgradelab.runner.nacos;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The answers of a fake Nacos endpoint in a test of the lab's HTTP calls, each request written down
 * first as "METHOD uri | Authorization header | body", so that a test can say where a secret went.
 */
final class RecordingAnswers {

    private RecordingAnswers() {
    }

    /** Writes the request down in {@code received}, then answers {@code status} and {@code body}. */
    static void answer(HttpExchange exchange, List<String> received, int status, String body) throws IOException {
        received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " | "
                + exchange.getRequestHeaders().getFirst("Authorization") + " | "
                + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
