package io.upgradelab.runner.observe.signals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.SignalSample;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads one sample of a signal: the query's instant value from a Prometheus server's API, the metric's series from
 * a {@code /metrics} endpoint, or an endpoint's answer. What cannot be read is a sample without a value saying why,
 * never an exception: a signal that breaks during an upgrade is what the run is there to see.
 */
public final class SignalReader {

    /** How long a Prometheus may take to answer. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    /** Each metric selector read once, not every sample. */
    private final Map<String, PrometheusText> selectors = new ConcurrentHashMap<>();

    /** One sample of {@code signal}. */
    public SignalSample read(SignalSpec signal) {
        try {
            if (signal.prometheus() != null) {
                PrometheusSignal p = signal.prometheus();
                OptionalDouble value = p.query() != null ? query(p) : scrape(p);
                return value.isPresent() ? new SignalSample(signal.name(), SignalSample.PROMETHEUS, value.getAsDouble(), null, "")
                        : new SignalSample(signal.name(), SignalSample.PROMETHEUS, null, null, "no series matches");
            }
            HttpSignal h = signal.http();
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(h.url())).timeout(h.timeout())
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            boolean healthy = h.healthy(answer.statusCode(), answer.body());
            return new SignalSample(signal.name(), SignalSample.HTTP, (double) answer.statusCode(), healthy,
                    healthy ? "" : "answered " + answer.statusCode());
        } catch (IOException | RuntimeException e) {
            return new SignalSample(signal.name(), signal.kind(), null, signal.http() == null ? null : false,
                    e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SignalSample(signal.name(), signal.kind(), null, signal.http() == null ? null : false,
                    "interrupted");
        }
    }

    /** The query's instant value: a vector's values summed, or a scalar. */
    private OptionalDouble query(PrometheusSignal p) throws IOException, InterruptedException {
        URI uri = URI.create(p.url().replaceAll("/+$", "") + "/api/v1/query?query="
                + URLEncoder.encode(p.query(), StandardCharsets.UTF_8));
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException("Prometheus answered " + answer.statusCode());
        }
        JsonNode data = JSON.readTree(answer.body()).path("data");
        JsonNode result = data.path("result");
        if ("scalar".equals(data.path("resultType").asText())) {
            return OptionalDouble.of(result.get(1).asDouble());
        }
        double sum = 0;
        for (JsonNode series : result) {
            sum += Double.parseDouble(series.path("value").get(1).asText());
        }
        return result.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(sum);
    }

    private OptionalDouble scrape(PrometheusSignal p) throws IOException, InterruptedException {
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(p.url())).timeout(TIMEOUT)
                .header("Accept", "text/plain;version=0.0.4").GET().build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException(p.url() + " answered " + answer.statusCode());
        }
        return selectors.computeIfAbsent(p.metric(), PrometheusText::selector).sum(answer.body());
    }
}
