package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link ConsoleApi} reads a 3.x console, against a fake one answering as 3.1.0's did here: it
 * logs in at the console's root (not a node's {@code /nacos/}), carries the token in a header only,
 * counts what the console lists, and keeps the words that explain a failed readiness check.
 */
class ConsoleApiTest {

    /** 3.1.0's console asking its nodes a path they do not serve, as it answered its readiness check here. */
    private static final String NOT_READY = "{\"code\":30000,\"message\":\"server error\",\"data\":\"No available server"
            + " after 3 retries, last tried server: 127.0.0.1:28868, last errMsg: <html><body><h1>Whitelabel Error"
            + " Page</h1><p>This application has no explicit mapping for /error, so you are seeing this as a"
            + " fallback.</p><div id='created'>Sun Nov 29 17:27:46 UTC 2026</div><div>There was an unexpected error"
            + " (type=Not Found, status=404).</div><div>No endpoint GET /nacos/v3/admin/core/ops/readiness.</div>"
            + "</body></html>\"}";
    private static final String TOKEN = "eyJhbGciOiJIUzM4NCJ9.fake-" + UUID.randomUUID();

    private final String password = "pw-" + UUID.randomUUID();
    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer console;

    @BeforeEach
    void startConsole() throws IOException {
        console = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        console.createContext("/v3/auth/user/login", e -> answer(e, 200, "{\"accessToken\":\"" + TOKEN + "\",\"tokenTtl\":18000}"));
        console.createContext("/v3/console/core/cluster/nodes", e -> answerIfToken(e,
                "{\"code\":0,\"message\":\"success\",\"data\":[{\"ip\":\"127.0.0.1\"},{\"ip\":\"127.0.0.1\"},{\"ip\":\"127.0.0.1\"}]}"));
        console.createContext("/v3/console/ns/service/list", e -> answerIfToken(e,
                "{\"code\":0,\"message\":\"success\",\"data\":{\"totalCount\":22,\"pageItems\":[{}]}}"));
        console.createContext("/v3/console/health/readiness", e -> answer(e, 404, NOT_READY));
        console.start();
    }

    @AfterEach
    void stopConsole() {
        console.stop(0);
    }

    @Test
    void itLogsInAtTheConsolesRootAndCountsWhatItLists() {
        ConsoleApi api = new ConsoleApi("127.0.0.1:" + console.getAddress().getPort(), new NacosCredentials("nacos", password));

        assertThat(api.members()).isEqualTo(3);
        assertThat(api.services()).isEqualTo(22);

        assertThat(received.get(0)).startsWith("POST /v3/auth/user/login | null | ").contains("password=" + password);
        assertThat(received.subList(1, received.size())).allSatisfy(r -> assertThat(r)
                .contains("| Bearer " + TOKEN + " |").doesNotContain(password).doesNotContain("accessToken="));
    }

    @Test
    void aReadinessCheckThatFailsKeepsTheNodesOwnWordsWithoutItsPage() {
        ConsoleApi.Answer readiness = new ConsoleApi("127.0.0.1:" + console.getAddress().getPort(),
                new NacosCredentials("nacos", password)).readiness();

        assertThat(readiness.ok()).isFalse();
        assertThat(readiness.status()).isEqualTo(404);
        assertThat(readiness.message()).startsWith("No available server after 3 retries")
                .endsWith("No endpoint GET /nacos/v3/admin/core/ops/readiness.").doesNotContain("<").hasSizeLessThan(260);
    }

    private void answerIfToken(HttpExchange exchange, String body) throws IOException {
        boolean token = ("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"));
        answer(exchange, token ? 200 : 403, token ? body : "{\"status\":403}");
    }

    private void answer(HttpExchange exchange, int status, String body) throws IOException {
        RecordingAnswers.answer(exchange, received, status, body);
    }
}
