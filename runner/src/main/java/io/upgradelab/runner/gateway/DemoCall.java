package io.upgradelab.runner.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One call of the demo path, through a gateway or straight at a backend, read for what the lab needs of
 * it: its status and which backend answered (the backend names itself in {@link #BACKEND_HEADER}). The
 * rig's readiness and a kill's watch both ask it so.
 *
 * @param status  the HTTP status; 0 when no answer came
 * @param backend the answering backend's {@code host:port}; "" when none said
 * @param problem why no answer came; "" when one did
 */
record DemoCall(int status, String backend, String problem) {

    /** The header a demo backend names itself in. */
    static final String BACKEND_HEADER = "X-Lab-Backend";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** An HTTP client for demo calls: a connection refused or a frozen peer is given up on in 2 s. */
    static HttpClient client() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    }

    /** GET {@code url}, at most 5 s. */
    static DemoCall get(HttpClient http, String url) throws InterruptedException {
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
            return new DemoCall(response.statusCode(), response.headers().firstValue(BACKEND_HEADER).orElse(""), "");
        } catch (IOException e) {
            return new DemoCall(0, "", e.toString());
        }
    }

    /** "HTTP 503", or the reason no answer came. */
    String describe() {
        return status == 0 ? problem : "HTTP " + status;
    }
}
