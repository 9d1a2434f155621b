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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control port on loopback, as the runner uses it: a phase told is taken, a stop stops, anything else is refused. */
class ControlPortTest {

    private final Phases phases = new Phases();
    private final AtomicInteger stops = new AtomicInteger();
    private final HttpClient http = HttpClient.newHttpClient();
    private volatile String state = "warming";
    private HttpServer server;
    private URI base;
    @TempDir
    Path out;

    @BeforeEach
    void listen() throws Exception {
        server = ControlPort.start(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0),
                exchange -> exchange.close(), stops::incrementAndGet, phases, () -> state, out);
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
        assertThat(http.send(HttpRequest.newBuilder(base.resolve("phase")).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(405);
    }

    @Test
    void stopIsAPost() throws Exception {
        assertThat(http.send(HttpRequest.newBuilder(base.resolve("stop")).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(405);
        assertThat(stops).hasValue(0);

        assertThat(post("stop", "").statusCode()).isEqualTo(202);
        assertThat(stops).hasValue(1);
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
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
        return http.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
