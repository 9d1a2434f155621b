package io.upgradelab.runner.fleet;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.upgradelab.demo.ControlToken;

/**
 * The fleet's control channel (providers/fleet's FleetControlServer) as the runner calls it: one
 * class for the protocol, whether the fleet is a local process or a pod. Every failure is a
 * LabException naming the request, and the fleet's log when the runner has one. Every request carries
 * the run's control token ({@code Authorization: Bearer <token>}), without which the fleet answers 401.
 */
public final class FleetControl {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();

    private final URI control;
    private final ControlToken token;
    private final Path log;

    /**
     * The control channel at {@code control} ({@code http://ADDRESS:PORT/}), called with {@code token};
     * {@code log}, or null, to read on failures.
     */
    public FleetControl(URI control, ControlToken token, Path log) {
        this.control = control;
        this.token = token;
        this.log = log;
    }

    public URI uri() {
        return control;
    }

    /** {@code POST /scale}: grows or shrinks to {@code providers}, new ones on client version {@code client}. */
    public void scaleTo(int providers, double perSecond, String client) {
        post("scale?to=" + providers + "&rate=" + perSecond + "&client=" + encode(client));
    }

    /** {@code POST /crash}: crashes the {@code processes} highest-numbered virtual processes. */
    public void crashProcesses(int processes) {
        post("crash?processes=" + processes);
    }

    /** {@code POST /upgrade}: batch {@code batch} (1-based) of {@code batches} restarts on client version {@code client}. */
    public void upgradeBatch(int batch, int batches, String client, double perSecond) {
        post("upgrade?batch=" + batch + "&of=" + batches + "&to=" + encode(client) + "&rate=" + perSecond);
    }

    /** {@code POST /stop}: deregisters everything, closes, exits. */
    public void stop() {
        post("stop");
    }

    /** {@code GET /state}. */
    public FleetStatus status() {
        String body = get("state");
        try {
            return JSON.readValue(body, FleetStatus.class);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "the fleet's state is not JSON: " + ControlCharacters.shown(body));
        }
    }

    /** {@code GET /registrations}: what each of the fleet's clients has registered now. */
    public FleetRegistrations registrations() {
        String body = get("registrations");
        try {
            return JSON.readValue(body, FleetRegistrations.class);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "the fleet's registrations are not JSON: "
                    + ControlCharacters.shown(body));
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private String get(String path) {
        return send(request(path).GET().build());
    }

    private void post(String pathAndQuery) {
        send(request(pathAndQuery).POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        return token.request(control.resolve(pathAndQuery)).timeout(CALL_TIMEOUT);
    }

    private String send(HttpRequest request) {
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 400) {
                throw new LabException(response.statusCode() == 400 ? LabException.INVALID_INPUT : LabException.FAILED,
                        "fleet " + request.uri().getPath() + ": " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "fleet control " + request.uri() + ": " + e, log, List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        }
    }
}
