package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingClientFactory;
import io.upgradelab.naming.NamingSettings;
import io.upgradelab.naming.Registration;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.upgradelab.demo.ControlToken;

/**
 * The fleet's control channel on loopback, over a fake registry: a request without the run's token,
 * or with another, is answered 401 and changes nothing (no provider registered, crashed, moved or
 * stopped); the same request with it does what it says.
 */
class FleetControlServerTest {

    private final ControlToken token = ControlToken.generate();
    /** What the fake registry holds: service name + port of every registered instance. */
    private final Map<String, String> registry = new ConcurrentHashMap<>();
    private final AtomicInteger stops = new AtomicInteger();
    private final HttpClient http = HttpClient.newHttpClient();
    private Fleet fleet;
    private FleetControlServer server;
    private URI base;

    @BeforeEach
    void listen() throws Exception {
        fleet = new Fleet(new FleetLayout(10, 5, 30000, "lab"), new ClientSettings("127.0.0.1:8848", 1),
                new ClientCatalog(List.of(new FakeClient("1.4.1"), new FakeClient("2.0.4"))), Duration.ofMillis(200));
        server = new FleetControlServer(fleet, "127.0.0.1", 0, token, stops::incrementAndGet);
        server.start();
        base = URI.create("http://127.0.0.1:" + server.port() + "/");
    }

    @AfterEach
    void close() {
        server.close();
        fleet.close();
    }

    @Test
    void aCallWithoutTheRunsTokenIsRefusedAndChangesNothing() throws Exception {
        send("scale?to=10&rate=10000&client=1.4.1", "POST", token.authorization());
        await().atMost(Duration.ofSeconds(10)).until(() -> !fleet.state().busy());
        assertThat(registry).hasSize(10);

        List<String> refused = new ArrayList<>();
        for (String authorization : new String[] {null, ControlToken.generate().authorization(), token.value(),
                "Bearer " + token.value().substring(1), "Basic " + token.value()}) {
            for (String post : List.of("scale?to=20&rate=10000&client=1.4.1", "scale?to=0&rate=10000",
                    "crash?processes=2", "upgrade?batch=1&of=1&to=2.0.4&rate=10000", "stop")) {
                HttpResponse<String> answer = send(post, "POST", authorization);
                assertThat(answer.statusCode()).as(post).isEqualTo(401);
                assertThat(answer.body()).as(post).doesNotContain(token.value());
                refused.add(post);
            }
            for (String get : List.of("state", "registrations")) {
                HttpResponse<String> answer = send(get, "GET", authorization);
                assertThat(answer.statusCode()).as(get).isEqualTo(401);
                assertThat(answer.body()).as(get + ": nothing of the fleet read").doesNotContain("providers", "services");
                refused.add(get);
            }
        }

        assertThat(refused).hasSize(5 * 7);
        assertThat(fleet.state().busy()).isFalse();
        assertThat(fleet.state().target()).isEqualTo(10);
        assertThat(fleet.state().providers()).containsExactly(Map.entry("1.4.1", 10));
        assertThat(fleet.state().processes()).containsExactly(Map.entry("1.4.1", 2));
        assertThat(registry).as("nothing registered, deregistered or moved").hasSize(10)
                .allSatisfy((instance, version) -> assertThat(version).isEqualTo("1.4.1"));
        assertThat(stops).as("not stopped").hasValue(0);

        HttpResponse<String> crash = send("crash?processes=1", "POST", token.authorization());
        assertThat(crash.statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> fleet.state().totalProviders() == 5);
        HttpResponse<String> state = send("state", "GET", token.authorization());
        assertThat(state.statusCode()).isEqualTo(200);
        assertThat(state.body()).contains("\"1.4.1\":5");
        assertThat(send("stop", "POST", token.authorization()).statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> stops.get() == 1);
    }

    private HttpResponse<String> send(String path, String method, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (authorization != null) {
            request.header(ControlToken.HEADER, authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A client version whose clients write to {@link #registry}. */
    private final class FakeClient implements NamingClientFactory {
        private final String version;

        FakeClient(String version) {
            this.version = version;
        }

        @Override
        public String clientVersion() {
            return version;
        }

        @Override
        public boolean beatsPerInstance() {
            return false;
        }

        @Override
        public long beatsSent() {
            return 0;
        }

        @Override
        public ConfigClient connectConfigs(ConfigSettings settings) {
            throw new UnsupportedOperationException("the fleet makes no config clients");
        }

        @Override
        public NamingClient connect(NamingSettings settings) {
            return new NamingClient() {
                @Override
                public void register(Registration r) {
                    registry.put(r.serviceName() + "@" + r.port(), version);
                }

                @Override
                public void deregister(Registration r) {
                    registry.remove(r.serviceName() + "@" + r.port());
                }

                @Override
                public void shutDown() {
                }
            };
        }
    }
}
