package io.upgradelab.gateway.backend;

import java.time.Duration;
import java.util.Arrays;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.client.discovery.event.InstanceRegisteredEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The backend a gateway benchmark calls: the reference benchmark's mock (it answered after 20 ms with
 * about 2 KB), but a real service that registers itself through the cluster under test (Spring Cloud
 * Alibaba's Nacos discovery), so a gateway finds it, and loses it, the way production gateways do.
 * {@code GET /demo/**} answers after {@code lab.delay} with {@code lab.body-bytes} bytes and names itself in
 * the {@code X-Lab-Backend} header: which backend answered is what tells when a gateway stopped calling a
 * dead one. Timed without blocking a thread, so 1000 waiting calls cost no 1000 threads.
 */
@SpringBootApplication
public class DemoBackend {

    /** The line the lab waits for: Nacos acknowledged the registration. */
    static final String REGISTERED = "demo backend registered";

    public static void main(String[] args) {
        SpringApplication.run(DemoBackend.class, args);
    }

    @Bean
    RouterFunction<ServerResponse> demo(@Value("${lab.delay:20ms}") Duration delay,
                                        @Value("${lab.body-bytes:2048}") int bodyBytes,
                                        @Value("${spring.cloud.nacos.discovery.ip:127.0.0.1}") String ip,
                                        @Value("${server.port}") int port) {
        byte[] body = new byte[bodyBytes];
        Arrays.fill(body, (byte) 'x');
        String self = ip + ":" + port;
        return RouterFunctions.route().GET("/demo/**", request -> Mono.delay(delay).then(ServerResponse.ok()
                .contentType(MediaType.TEXT_PLAIN).header("X-Lab-Backend", self).bodyValue(body))).build();
    }

    @EventListener
    public void registered(InstanceRegisteredEvent<?> event) {
        System.out.println(REGISTERED);
        System.out.flush();
    }
}
