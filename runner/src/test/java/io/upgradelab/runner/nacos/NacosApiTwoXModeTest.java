package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link NacosApi#servesIn2xMode} reads each generation's upgrade endpoint, against a fake node
 * answering as each version does: 2.0.x reports {@code upgraded}; 2.2 on has no such endpoint and
 * answers 501 "no such api" (a standalone 2.2.3 node was taken for one stuck in 1.x mode and never
 * counted as formed); a server without it at all answers 404.
 */
class NacosApiTwoXModeTest {

    private HttpServer node;

    private NacosApi nodeAnswering(int status, String body) throws IOException {
        node = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        node.createContext("/nacos/v1/ns/upgrade/ops/metrics", exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        node.start();
        return NacosApi.of("127.0.0.1:" + node.getAddress().getPort());
    }

    @AfterEach
    void stopNode() {
        node.stop(0);
    }

    @Test
    void a20xNodeServesIn2xModeOnceUpgraded() throws IOException {
        assertThat(nodeAnswering(200, "{\"upgraded\":false}").servesIn2xMode(2)).isFalse();
        node.stop(0);
        assertThat(nodeAnswering(200, "{\"upgraded\":true}").servesIn2xMode(2)).isTrue();
    }

    @Test
    void a22NodeWithoutTheEndpointServesIn2xMode() throws IOException {
        assertThat(nodeAnswering(501, "{\"status\":501,\"error\":\"Not Implemented\",\"message\":\"no such api:GET:"
                + "/nacos/v1/ns/upgrade/ops/metrics\"}").servesIn2xMode(2)).isTrue();
    }

    @Test
    void a1xNodeNeverServesIn2xMode() throws IOException {
        assertThat(nodeAnswering(404, "").servesIn2xMode(1)).isFalse();
    }

    /** The 404 is read: a 2.x node without the endpoint at all has no 1.x mode to be stuck in. */
    @Test
    void a2xNodeAnswering404ServesIn2xMode() throws IOException {
        assertThat(nodeAnswering(404, "").servesIn2xMode(2)).isTrue();
    }

    @Test
    void theUpgradeMetricsAreEmptyWhereThereIsNoEndpointAndReadWhereThereIsOne() throws IOException {
        assertThat(nodeAnswering(404, "").upgradeMetrics()).isEmpty();
        node.stop(0);
        assertThat(nodeAnswering(501, "{\"status\":501}").upgradeMetrics()).isEmpty();
        node.stop(0);
        assertThat(nodeAnswering(200, "{\"upgraded\":true,\"instanceCountV1\":7}").upgradeMetrics())
                .hasValueSatisfying(m -> assertThat(m.path("instanceCountV1").asInt()).isEqualTo(7));
    }

    @Test
    void anotherErrorIsNotTakenForAMissingEndpoint() throws IOException {
        NacosApi failing = nodeAnswering(500, "boom");
        assertThatThrownBy(failing::upgradeMetrics).isInstanceOf(NacosApi.NacosApiException.class)
                .hasMessageContaining("500");
        assertThatThrownBy(() -> failing.servesIn2xMode(2)).isInstanceOf(NacosApi.NacosApiException.class);
    }
}
