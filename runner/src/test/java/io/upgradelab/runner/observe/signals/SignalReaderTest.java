package io.upgradelab.runner.observe.signals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.SignalSample;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A signal read against endpoints the test serves on 127.0.0.1: a /metrics page in Prometheus's text format, a
 * Prometheus server's query API, a health endpoint; and what a sample says when one breaks.
 */
class SignalReaderTest {

    private static final String EXPOSITION = """
            # HELP gateway_requests_total Requests by status.
            # TYPE gateway_requests_total counter
            gateway_requests_total{route="demo",status="200"} 1200
            gateway_requests_total{route="demo",status="503"} 7
            gateway_requests_total{route="other",status="503"} 3 1700000000000
            gateway_requests_total_created{route="demo"} 1.7e9
            gateway_up 1
            """;

    private final AtomicInteger health = new AtomicInteger(200);
    private HttpServer server;
    private String base;

    @BeforeEach
    void serve() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", exchange -> answer(exchange, 200, EXPOSITION));
        server.createContext("/api/v1/query", exchange -> answer(exchange, 200, exchange.getRequestURI().getQuery()
                .contains("vector") ? "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                + "{\"metric\":{\"a\":\"1\"},\"value\":[1700000000,\"0.25\"]},{\"metric\":{\"a\":\"2\"},\"value\":"
                + "[1700000000,\"0.5\"]}]}}" : "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}"));
        server.createContext("/health", exchange -> answer(exchange, health.get(), health.get() == 200 ? "{\"status\":\"UP\"}"
                : "{\"status\":\"DOWN\"}"));
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body)
            throws java.io.IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Test
    void aMetricIsItsMatchingSeriesSummedFromTheTextFormat() {
        SignalReader reader = new SignalReader();

        assertThat(reader.read(metric("errors", "gateway_requests_total{status=\"503\"}")).value()).isEqualTo(10.0);
        assertThat(reader.read(metric("demo-errors", "gateway_requests_total{route=\"demo\",status=\"503\"}")).value())
                .isEqualTo(7.0);
        assertThat(reader.read(metric("all", "gateway_requests_total")).value()).as("not the _created series")
                .isEqualTo(1210.0);
        SignalSample none = reader.read(metric("none", "gateway_requests_total{status=\"500\"}"));
        assertThat(none.measured()).isFalse();
        assertThat(none.error()).isEqualTo("no series matches");
    }

    @Test
    void aQueryIsItsInstantValueFromThePrometheusApi() {
        SignalSample sample = new SignalReader().read(new SignalSpec("rate", new PrometheusSignal(base, "vector(1)", null),
                null));

        assertThat(sample.value()).isEqualTo(0.75);
        assertThat(sample.kind()).isEqualTo("prometheus");
        assertThat(new SignalReader().read(new SignalSpec("empty", new PrometheusSignal(base + "/", "up{job=\"x\"}", null),
                null)).error()).isEqualTo("no series matches");
    }

    @Test
    void anEndpointIsHealthyWhileItAnswersAsToldAndNotWhenItBreaksOrIsGone() {
        SignalSpec signal = new SignalSpec("health", null, new HttpSignal(base + "/health", 0, "UP", Duration.ofSeconds(2)));
        SignalReader reader = new SignalReader();

        assertThat(reader.read(signal).healthy()).isTrue();
        health.set(503);
        SignalSample down = reader.read(signal);
        assertThat(down.healthy()).isFalse();
        assertThat(down.value()).isEqualTo(503.0);
        assertThat(down.error()).isEqualTo("answered 503");
        server.stop(0);
        SignalSample gone = reader.read(signal);
        assertThat(gone.healthy()).isFalse();
        assertThat(gone.measured()).isFalse();
        assertThat(gone.error()).contains("ConnectException");
    }

    @Test
    void aSelectorIsANameWithOptionalLabelMatchers() {
        assertThat(PrometheusText.selector("up").labels()).isEmpty();
        assertThat(PrometheusText.selector("a_total{x=\"1\", y=\"q\\\"uote\"}").labels())
                .isEqualTo(Map.of("x", "1", "y", "q\"uote"));
        assertThatThrownBy(() -> PrometheusText.selector("rate(x[1m])")).hasMessageContaining("not a metric name");
        assertThatThrownBy(() -> PrometheusText.selector("x{y=1}")).hasMessageContaining("label=\"value\"");
    }

    private SignalSpec metric(String name, String metric) {
        return new SignalSpec(name, new PrometheusSignal(base + "/metrics", null, metric), null);
    }
}
