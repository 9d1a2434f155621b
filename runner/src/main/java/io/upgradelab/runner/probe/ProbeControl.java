package io.upgradelab.runner.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.upgradelab.demo.ControlToken;

/**
 * The probe's control port (consumer-probe's ControlPort) as the runner calls it: one class for the
 * protocol, whether the probe is a local process or a pod. Every request carries the run's control
 * token ({@code Authorization: Bearer <token>}), without which the probe answers 401.
 */
public final class ProbeControl {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI control;
    private final ControlToken token;

    /** The control port at {@code control} ({@code http://ADDRESS:PORT/}), called with {@code token}. */
    public ProbeControl(URI control, ControlToken token) {
        this.control = control;
        this.token = token;
    }

    /** The whole lines of the series from byte {@code offset} on ({@code GET /series}), and the offset after them. */
    public record SeriesRead(List<ProbeSecond> seconds, long next) {
    }

    /** {@code POST /phase}: what went wrong, or empty when the probe took it. */
    public Optional<String> phaseBegan(ProbePhase phase) {
        try {
            HttpResponse<String> answer = HTTP.send(request("phase")
                            .timeout(Duration.ofSeconds(2)).header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(ProbeJson.phase(phase))).build(),
                    HttpResponse.BodyHandlers.ofString());
            return answer.statusCode() / 100 == 2 ? Optional.empty()
                    : Optional.of("HTTP " + answer.statusCode() + ": " + answer.body().strip());
        } catch (IOException e) {
            return Optional.of(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();   // the phase that follows sees it and stops
            return Optional.of("interrupted");
        }
    }

    /** {@code POST /stop}: stop calling, account for every call, write the summary. */
    public void stop() throws IOException {
        send(request("stop").timeout(CALL_TIMEOUT).POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    /** {@code GET /state}: starting, warming, calling or finished. */
    public String state() throws IOException {
        return JSON.readTree(send(get("state")).body()).path("state").asText();
    }

    /** {@code GET /series?offset=B}. */
    public SeriesRead series(long offset) throws IOException {
        byte[] body = send(get("series?offset=" + offset)).body();
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            List<ProbeSecond> seconds = text.lines().filter(l -> !l.isBlank()).map(ProbeJson::second).toList();
            return new SeriesRead(seconds, offset + body.length);
        } catch (IllegalArgumentException e) {
            throw new LabException(LabException.FAILED, control.resolve("series") + " from byte " + offset
                    + ": not probe seconds: " + e.getMessage());
        }
    }

    /** {@code GET /summary}: the summary once the probe has ended, empty before. */
    public Optional<ProbeSummary> summary() throws IOException {
        HttpResponse<byte[]> answer = exchange(get("summary"));
        if (answer.statusCode() == 404) {
            return Optional.empty();
        }
        return Optional.of(ProbeJson.summary(new String(check(answer).body(), StandardCharsets.UTF_8)));
    }

    private HttpRequest get(String path) {
        return request(path).timeout(CALL_TIMEOUT).GET().build();
    }

    /** A request to {@code path}, carrying the run's token. */
    private HttpRequest.Builder request(String path) {
        return token.request(control.resolve(path));
    }

    private static HttpResponse<byte[]> send(HttpRequest request) throws IOException {
        return check(exchange(request));
    }

    private static HttpResponse<byte[]> exchange(HttpRequest request) throws IOException {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        }
    }

    private static HttpResponse<byte[]> check(HttpResponse<byte[]> answer) throws IOException {
        if (answer.statusCode() / 100 != 2) {
            throw new IOException(answer.request().uri() + ": HTTP " + answer.statusCode() + ": "
                    + new String(answer.body(), StandardCharsets.UTF_8).strip());
        }
        return answer;
    }
}
