package io.upgradelab.runner.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.upgradelab.runner.LabException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A chat's webhook: named in the environment, shown without its token, posted Slack's shape, its refusal a message. */
class WebhookTest {

    @Test
    void aWebhookNamedInTheEnvironmentIsReadThereAndShownWithoutItsToken() {
        Webhook hook = Webhook.parse("env:CHAT", Map.of("CHAT", "https://hooks.example.test/services/T000/B000/secret"));

        assertThat(hook.uri().getPath()).isEqualTo("/services/T000/B000/secret");
        assertThat(hook.shown()).isEqualTo("https://hooks.example.test").doesNotContain("secret");
    }

    @Test
    void aWebhookThatIsNotThereOrNotAnHttpUrlIsInvalidInputThatNeverEchoesIt() {
        assertThatThrownBy(() -> Webhook.parse("env:CHAT", Map.of())).isInstanceOf(LabException.class)
                .hasMessageContaining("the environment variable CHAT is not set");
        assertThatThrownBy(() -> Webhook.parse("env:CHAT", Map.of("CHAT", "ftp://files.example.test/secret")))
                .isInstanceOf(LabException.class).hasMessageContaining("not an http or https URL")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> Webhook.parse("hooks.example.test/secret", Map.of())).isInstanceOf(LabException.class)
                .hasMessageNotContaining("secret");
    }

    @Test
    void theTextIsPostedAsSlacksMessageAndAnAnswerOtherThan2xxIsSaid() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        AtomicInteger status = new AtomicInteger(200);
        HttpServer chat = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        chat.createContext("/hook", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
                    + " " + exchange.getRequestHeaders().getFirst("Content-Type"));
            exchange.sendResponseHeaders(status.get(), -1);
            exchange.close();
        });
        chat.start();
        try {
            Webhook hook = Webhook.parse("http://127.0.0.1:" + chat.getAddress().getPort() + "/hook?token=secret",
                    Map.of());

            assertThat(hook.post("upgrade-lab: nacos-1x-to-2x-ci completed; gate FAIL: \"quoted\"\nnext line")).isEmpty();
            status.set(500);
            assertThat(hook.post("again")).hasValue(hook.shown() + " answered 500");

            String body = bodies.get(0).substring(0, bodies.get(0).lastIndexOf(' '));
            assertThat(new ObjectMapper().readTree(body).get("text").asText())
                    .isEqualTo("upgrade-lab: nacos-1x-to-2x-ci completed; gate FAIL: \"quoted\"\nnext line");
            assertThat(bodies.get(0)).endsWith("application/json; charset=utf-8");
        } finally {
            chat.stop(0);
        }
    }

    @Test
    void aChatThatCannotBeReachedIsSaidNotThrown() {
        Webhook nowhere = Webhook.parse("http://127.0.0.1:9/hook", Map.of());

        assertThat(nowhere.post("text")).hasValueSatisfying(why -> assertThat(why)
                .startsWith("http://127.0.0.1:9 could not be reached"));
    }
}
