package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every request the lab's NacosApi sends is counted by node and endpoint, whatever it asks. */
class LabRequestsTest {

    @Test
    void countsEachCallByNodeAndEndpointWithoutItsQuery() throws IOException {
        HttpServer node = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        node.createContext("/nacos/", exchange -> {
            byte[] body = "{\"count\":0,\"serviceList\":[]}".getBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        node.start();
        try {
            String address = "127.0.0.1:" + node.getAddress().getPort();
            Map<LabRequests.Key, Long> before = LabRequests.snapshot();
            NacosApi api = NacosApi.of(address);
            api.services();
            api.services();
            api.isReady();
            Map<LabRequests.Key, Long> after = LabRequests.snapshot();
            assertThat(delta(before, after, new LabRequests.Key(address, "v1/ns/catalog/services"))).isEqualTo(2);
            assertThat(delta(before, after, new LabRequests.Key(address, "v1/console/health/readiness"))).isEqualTo(1);
        } finally {
            node.stop(0);
        }
    }

    private static long delta(Map<LabRequests.Key, Long> before, Map<LabRequests.Key, Long> after, LabRequests.Key key) {
        return after.getOrDefault(key, 0L) - before.getOrDefault(key, 0L);
    }
}
