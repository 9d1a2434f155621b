package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The config calls of {@link NacosApi} against a fake node answering as Nacos 1.4.1 and 2.0.4 do
 * (status, body and {@code Content-MD5} as seen from a real 2.0.4 with curl): a config with its MD5,
 * 404 "config data not exist" read as missing, a 409 while it is being written tried again, and a
 * write counted only when the node answers {@code true}.
 */
class NacosApiConfigTest {

    private HttpServer node;
    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<String> requests = new ArrayList<>();
    private NacosApi api;

    private record Answer(int status, String body, String md5) {
    }

    @BeforeEach
    void startNode() throws IOException {
        node = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        node.createContext("/nacos/v1/cs/configs", this::answer);
        node.start();
        api = NacosApi.of("127.0.0.1:" + node.getAddress().getPort());
    }

    @AfterEach
    void stopNode() {
        node.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String query = exchange.getRequestURI().getRawQuery();
        requests.add(exchange.getRequestMethod() + " " + URLDecoder.decode(query == null ? body : query,
                StandardCharsets.UTF_8));
        Answer answer = answers.isEmpty() ? new Answer(500, "no answer left", null) : answers.removeFirst();
        if (answer.md5() != null) {
            exchange.getResponseHeaders().add("Content-MD5", answer.md5());
        }
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Test
    void aConfigIsServedWithItsMd5AndAMissingOneIsEmpty() {
        answers.add(new Answer(200, "lab-config-0001 version 0\nabcdef", "2470b9b59cf65979995f25c025515781"));
        answers.add(new Answer(404, "config data not exist", null));

        assertThat(api.config("lab-config-0001", "G")).contains(new ServedConfig("lab-config-0001 version 0\nabcdef",
                "2470b9b59cf65979995f25c025515781"));
        assertThat(api.config("lab-config-0002", "G")).isEmpty();
        assertThat(requests).containsExactly("GET dataId=lab-config-0001&group=G", "GET dataId=lab-config-0002&group=G");
    }

    @Test
    void aConfigBeingWrittenIsAskedAgainAndThenFails() {
        answers.add(new Answer(409, "requested file is being modified, please try later.", null));
        answers.add(new Answer(200, "x", "9dd4e461268c8034f5c8564e155c67a6"));
        assertThat(api.config("c", "G")).contains(new ServedConfig("x", "9dd4e461268c8034f5c8564e155c67a6"));

        for (int i = 0; i < 3; i++) {
            answers.add(new Answer(409, "requested file is being modified, please try later.", null));
        }
        assertThatThrownBy(() -> api.config("c", "G")).isInstanceOf(NacosApi.NacosApiException.class)
                .hasMessageContaining("409");
        answers.add(new Answer(500, "boom", null));
        assertThatThrownBy(() -> api.config("c", "G")).isInstanceOf(NacosApi.NacosApiException.class)
                .hasMessageContaining("500: boom");
    }

    @Test
    void aWriteCountsOnlyWhenTheNodeAnswersTrue() {
        answers.add(new Answer(200, "true", null));
        answers.add(new Answer(200, "false", null));
        answers.add(new Answer(200, "true", null));

        api.publishConfig("c", "G", "a=b & c");
        assertThatThrownBy(() -> api.publishConfig("c", "G", "x")).isInstanceOf(NacosApi.NacosApiException.class)
                .hasMessageContaining("200: false");
        api.deleteConfig("c", "G");
        assertThat(requests).containsExactly("POST dataId=c&group=G&content=a=b & c", "POST dataId=c&group=G&content=x",
                "DELETE dataId=c&group=G");
    }
}
