package io.upgradelab.probe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.probe.Phases;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.upgradelab.demo.ControlToken;

/**
 * The control port on loopback, as the runner uses it: a phase told is taken, a stop stops, anything
 * else is refused; and a request without the run's token is answered 401 and changes nothing.
 */
class ControlPortTest {

    private final ControlToken token = ControlToken.generate();
    private final Phases phases = new Phases();
    private final AtomicInteger stops = new AtomicInteger();
    private final AtomicInteger scrapes = new AtomicInteger();
    private final HttpClient http = HttpClient.newHttpClient();
    private volatile String state = "warming";
    private HttpServer server;
    private URI base;
    @TempDir
    Path out;

    @BeforeEach
    void listen() throws Exception {
        server = ControlPort.start(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), token,
                exchange -> {
                    scrapes.incrementAndGet();
                    exchange.sendResponseHeaders(200, -1);
                    exchange.close();
                }, stops::incrementAndGet, phases, () -> state, out);
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @AfterEach
    void close() {
        server.stop(0);
    }

    @Test
    void aPhaseToldAsTheRunnerTellsItLabelsTheCallsFromItsStart() throws Exception {
        Instant at = Instant.parse("2026-11-22T04:39:25.853Z");

        HttpResponse<String> answer = post("phase", ProbeJson.phase(new ProbePhase(9, "rolling server upgrade", at)));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(phases.labelAt(at.toEpochMilli(), "none")).isEqualTo("phase 9: rolling server upgrade");
        assertThat(phases.labelAt(at.toEpochMilli() - 1, "none")).isEqualTo("none");
        assertThat(stops).hasValue(0);
    }

    @Test
    void aBodyThatDoesNotReadIsRefusedNamingTheFieldAndChangesNoLabel() throws Exception {
        HttpResponse<String> answer = post("phase", "{\"index\":3,\"title\":\"hold\"}");

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("field at");
        assertThat(phases.labelAt(Long.MAX_VALUE, "none")).isEqualTo("none");
        assertThat(http.send(request("phase").build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(405);
    }

    @Test
    void stopIsAPost() throws Exception {
        assertThat(http.send(request("stop").build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(405);
        assertThat(stops).hasValue(0);

        assertThat(post("stop", "").statusCode()).isEqualTo(202);
        assertThat(stops).hasValue(1);
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(request(path).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A request as the runner makes it: with the run's token. */
    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).header(ControlToken.HEADER, token.authorization());
    }

    /**
     * Without the token, with another run's, or with this one's but not as a bearer header, every path is
     * answered 401: no phase is labelled, no stop asked, no metrics scraped, nothing read. The same
     * requests with it go through.
     */
    @Test
    void aCallWithoutTheRunsTokenIsRefusedAndChangesNothing() throws Exception {
        Files.writeString(out.resolve("series.jsonl"), "{\"s\":1}\n");
        Files.writeString(out.resolve("summary.json"), "{\"scheduled\":10}");
        String phase = ProbeJson.phase(new ProbePhase(4, "kill node 2", Instant.parse("2026-11-22T04:39:25.853Z")));
        List<String> refused = new ArrayList<>();
        for (String authorization : new String[] {null, ControlToken.generate().authorization(), token.value(),
                "Bearer " + token.value().substring(1), "bearer " + token.value()}) {
            for (String path : List.of("phase", "stop", "metrics", "state", "series?offset=0", "summary")) {
                HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path));
                if (authorization != null) {
                    request.header(ControlToken.HEADER, authorization);
                }
                if (path.equals("phase") || path.equals("stop")) {
                    request.POST(HttpRequest.BodyPublishers.ofString(phase));
                }
                HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).as(path).isEqualTo(401);
                assertThat(answer.body()).as(path).doesNotContain(token.value(), "scheduled", "\"s\"", "warming");
                refused.add(path);
            }
        }

        assertThat(refused).hasSize(5 * 6);
        assertThat(stops).as("no stop asked").hasValue(0);
        assertThat(scrapes).as("the metrics handler not reached").hasValue(0);
        assertThat(phases.labelAt(Long.MAX_VALUE, "none")).as("no phase told").isEqualTo("none");

        assertThat(post("phase", phase).statusCode()).isEqualTo(200);
        assertThat(phases.labelAt(Long.MAX_VALUE, "none")).isEqualTo("phase 4: kill node 2");
        assertThat(get("metrics").statusCode()).isEqualTo(200);
        assertThat(scrapes).hasValue(1);
        assertThat(post("stop", "").statusCode()).isEqualTo(202);
        assertThat(stops).hasValue(1);
    }

    @Test
    void theStateIsTheProbesOwnNow() throws Exception {
        assertThat(get("state").body()).isEqualTo("{\"state\":\"warming\"}");
        state = "calling";
        assertThat(get("state").body()).isEqualTo("{\"state\":\"calling\"}");
        assertThat(post("state", "").statusCode()).isEqualTo(405);
    }

    /** As a runner reads it over HTTP: whole lines from an offset, the next offset being that plus what came. */
    @Test
    void theSeriesComesInWholeLinesFromAnOffset() throws Exception {
        assertThat(get("series?offset=0").body()).as("nothing written yet").isEmpty();
        Path series = out.resolve("series.jsonl");
        Files.writeString(series, "{\"s\":1}\n{\"s\":2}\n{\"s\":");

        HttpResponse<String> first = get("series?offset=0");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).as("the line being written is left").isEqualTo("{\"s\":1}\n{\"s\":2}\n");
        int next = first.body().getBytes(StandardCharsets.UTF_8).length;
        assertThat(get("series?offset=" + next).body()).isEmpty();

        Files.writeString(series, "{\"s\":1}\n{\"s\":2}\n{\"s\":3}\n");
        assertThat(get("series?offset=" + next).body()).isEqualTo("{\"s\":3}\n");
        assertThat(get("series?offset=99999").body()).as("past the end").isEmpty();
        assertThat(get("series?offset=x").statusCode()).isEqualTo(400);
    }

    @Test
    void theSummaryIsThereOnceTheProbeHasEnded() throws Exception {
        HttpResponse<String> before = get("summary");
        assertThat(before.statusCode()).isEqualTo(404);
        assertThat(before.body()).contains("has not ended");

        Files.writeString(out.resolve("summary.json"), "{\"scheduled\":10}");
        HttpResponse<String> after = get("summary");
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.body()).isEqualTo("{\"scheduled\":10}");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(request(path).build(), HttpResponse.BodyHandlers.ofString());
    }
}
