package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link NacosApi} carries a Nacos user's secrets, against a fake node: the password in the
 * login's body, the token in the {@code Authorization} header, neither in a URL (which reaches the
 * node's access log) nor in a message (which can reach the journal and the terminal).
 */
class NacosApiAuthTest {

    private static final String TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJuYWNvcyJ9.fake-" + UUID.randomUUID();

    private final String password = "pw-" + UUID.randomUUID();
    /** "METHOD uri | Authorization header | body" of every request the node received. */
    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer node;
    /** What the login answers, status and body. */
    private volatile int loginStatus = 200;
    private volatile String loginBody = "{\"accessToken\":\"" + TOKEN + "\",\"tokenTtl\":18000,\"globalAdmin\":true}";

    @BeforeEach
    void startNode() throws IOException {
        node = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        node.createContext("/nacos/v1/auth/users/login", exchange -> answer(exchange, loginStatus, loginBody));
        node.createContext("/nacos/v1/console/server/state", exchange -> answer(exchange,
                ("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization")) ? 200 : 403,
                "{\"version\":\"2.0.4\"}"));
        node.createContext("/nacos/v1/ns/catalog/services", exchange -> answer(exchange, 500, "server is busy"));
        node.start();
    }

    @AfterEach
    void stopNode() {
        node.stop(0);
    }

    private void answer(HttpExchange exchange, int status, String body) throws IOException {
        RecordingAnswers.answer(exchange, received, status, body);
    }

    private NacosApi api() {
        return NacosApi.of("127.0.0.1:" + node.getAddress().getPort(),
                Optional.of(new NacosCredentials("lab-user", password)));
    }

    @Test
    void thePasswordTravelsInTheLoginsBodyAndTheTokenInAHeader() {
        assertThat(api().serverVersion()).isEqualTo("2.0.4");

        assertThat(received).hasSize(2);
        assertThat(received.get(0)).startsWith("POST /nacos/v1/auth/users/login | null | ")
                .contains("username=lab-user", "password=" + password);
        assertThat(received.get(1)).isEqualTo("GET /nacos/v1/console/server/state | Bearer " + TOKEN + " | ");
        assertThat(received).allSatisfy(request -> assertThat(request.substring(0, request.indexOf(" | ")))
                .as("the request line").doesNotContain(TOKEN, password, "accessToken", "password"));
    }

    @Test
    void aFailedCallNamesNoSecret() {
        NacosApi api = api();
        assertThatThrownBy(api::services).hasMessageContaining("answered 500: server is busy")
                .message().doesNotContain(TOKEN, password, "accessToken");

        node.stop(0);   // a connection error's message carries the URL
        assertThatThrownBy(api::serverVersion).hasMessageContaining("/nacos/v1/console/server/state")
                .message().doesNotContain(TOKEN, password, "accessToken");
    }

    @Test
    void aLoginThatIsNotUnderstoodIsNotQuoted() {
        loginBody = "accessToken=" + TOKEN;   // 200, but no JSON: whatever it holds stays out of the message
        assertThatThrownBy(() -> api().serverVersion()).hasMessageContaining("(login as lab-user) answered no JSON")
                .message().doesNotContain(TOKEN, password);

        loginStatus = 403;
        loginBody = "unknown user!";
        assertThatThrownBy(() -> api().serverVersion()).hasMessageContaining("(login as lab-user) answered 403")
                .message().doesNotContain(password);
    }
}
