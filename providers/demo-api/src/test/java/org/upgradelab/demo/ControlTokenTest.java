package org.upgradelab.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A run's control token: random, hidden from messages, and a 401 for every request without it. */
class ControlTokenTest {

    @Test
    void eachTokenIs32RandomBytesInBase64Url() {
        ControlToken one = ControlToken.generate();
        ControlToken two = ControlToken.generate();

        assertThat(one.value()).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(one.value()).isNotEqualTo(two.value());
        assertThat(one.authorization()).isEqualTo("Bearer " + one.value());
        assertThat(one.environment()).containsExactly(Map.entry("UPGRADE_LAB_CONTROL_TOKEN", one.value()));
    }

    @Test
    void itIsNeverShownInText() {
        ControlToken token = ControlToken.generate();

        assertThat(token.toString()).doesNotContain(token.value()).isEqualTo("ControlToken[***]");
        assertThat(String.valueOf(java.util.List.of(token))).doesNotContain(token.value());
    }

    @Test
    void onlyItsOwnHeaderIsAdmitted() {
        ControlToken token = ControlToken.generate();

        assertThat(token.admits("Bearer " + token.value())).isTrue();
        assertThat(token.admits(null)).isFalse();
        assertThat(token.admits("")).isFalse();
        assertThat(token.admits(token.value())).as("no scheme").isFalse();
        assertThat(token.admits("Bearer " + token.value() + "x")).isFalse();
        assertThat(token.admits("Bearer " + ControlToken.generate().value())).isFalse();
        assertThat(token.admits("Basic " + token.value())).isFalse();
    }

    @Test
    void aGivenTokenIsTakenFromTheEnvironmentAndABadOneRefusedWithoutBeingQuoted() {
        String value = ControlToken.generate().value();
        assertThat(ControlToken.from(Map.of("UPGRADE_LAB_CONTROL_TOKEN", value)).orElseThrow().admits("Bearer " + value))
                .isTrue();
        assertThat(ControlToken.from(Map.of())).isEmpty();
        assertThat(ControlToken.from(Map.of("UPGRADE_LAB_CONTROL_TOKEN", "  "))).isEmpty();

        String shortOne = "secret-but-short";
        assertThatThrownBy(() -> ControlToken.of(shortOne)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shorter than 32").hasMessageNotContaining(shortOne);
        String spaced = "this one has spaces in it and is long enough";
        assertThatThrownBy(() -> ControlToken.of(spaced)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining(spaced);
        assertThat(ControlToken.of("abcdefghijklmnopqrstuvwxyz0123456789+/==").value()).endsWith("==");
    }

    @Test
    void aGuardedContextAnswers401WithoutReachingItsHandler() throws Exception {
        ControlToken token = ControlToken.generate();
        AtomicInteger handled = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        token.serve(server, "/act", exchange -> {
            handled.incrementAndGet();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            HttpClient http = HttpClient.newHttpClient();
            URI act = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/act");

            HttpResponse<String> none = http.send(HttpRequest.newBuilder(act).POST(HttpRequest.BodyPublishers.noBody())
                    .build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> wrong = http.send(HttpRequest.newBuilder(act).header("Authorization",
                    ControlToken.generate().authorization()).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).contains("Bearer");
            assertThat(none.body()).doesNotContain(token.value());
            assertThat(wrong.statusCode()).isEqualTo(401);
            assertThat(handled).as("the handler was not reached").hasValue(0);

            HttpResponse<String> right = http.send(HttpRequest.newBuilder(act).header("Authorization",
                    token.authorization()).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(right.statusCode()).isEqualTo(204);
            assertThat(handled).hasValue(1);
        } finally {
            server.stop(0);
        }
    }
}
