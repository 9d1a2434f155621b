package io.upgradelab.runner.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Lines as Nacos's access log writes them (its default pattern, and the lab's without query strings). */
class AccessLogClientsTest {

    @Test
    void aOneXCallWithoutATokenIsAClientWithoutCredentials() {
        assertThat(AccessLogClients.parse("127.0.0.21 - - [07/Dec/2026:03:40:01 +0000] \"PUT"
                + " /nacos/v1/ns/instance/beat?app=unknown&serviceName=DEFAULT_GROUP%40%40svc HTTP/1.1\" 200 64 3"
                + " Nacos-Java-Client:v1.4.1 -")).hasValueSatisfying(seen -> {
                    assertThat(seen.address()).isEqualTo("127.0.0.21");
                    assertThat(seen.version()).isEqualTo("1.4.1");
                    assertThat(seen.http()).isTrue();
                    assertThat(seen.credentials()).isFalse();
                    assertThat(seen.without()).isTrue();
                });
    }

    @Test
    void aTokenOrALoginIsCredentialsAndAPathWithoutQueryProvesNothing() {
        assertThat(AccessLogClients.parse("127.0.0.22 - - [07/Dec/2026:03:40:01 +0000] \"GET"
                + " /nacos/v1/ns/instance/list?serviceName=svc&accessToken=eyJ HTTP/1.1\" 200 64 3 Nacos-Java-Client:v1.4.6 -"))
                .hasValueSatisfying(seen -> assertThat(seen.credentials() && !seen.without()).isTrue());
        assertThat(AccessLogClients.parse("127.0.0.23 - - [07/Dec/2026:03:40:01 +0000] \"POST /nacos/v1/auth/users/login"
                + " HTTP/1.1\" 200 64 3 Nacos-Java-Client:v2.5.1 -"))
                .hasValueSatisfying(seen -> assertThat(seen.credentials() && !seen.http() && !seen.without()).isTrue());
        assertThat(AccessLogClients.parse("127.0.0.24 - - [07/Dec/2026:03:40:01 +0000] \"PUT /nacos/v1/ns/instance/beat"
                + " HTTP/1.1\" 200 64 3 Nacos-Java-Client:v1.4.1 -"))
                .hasValueSatisfying(seen -> assertThat(seen.without()).as("the lab's pattern logs no query").isFalse());
        assertThat(AccessLogClients.parse("127.0.0.25 - - [07/Dec/2026:03:40:01 +0000] \"PUT /nacos/v1/ns/instance/beat"
                + " HTTP/1.1\" 403 64 3 Nacos-Java-Client:v1.4.1 -"))
                .hasValueSatisfying(seen -> assertThat(seen.without()).as("refused").isTrue());
        assertThat(AccessLogClients.parse("127.0.0.1 - - [07/Dec/2026:03:40:01 +0000] \"GET /nacos/v1/ns/operator/metrics"
                + " HTTP/1.1\" 200 64 3 Java-http-client/17.0.2 -")).isEmpty();
    }
}
