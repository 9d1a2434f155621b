package io.upgradelab.gateway.scg;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Spring Cloud Gateway as shops run it in front of Nacos: routes to {@code lb://demo-backend}, whose
 * instances Spring Cloud Alibaba's Nacos discovery lists and Spring Cloud LoadBalancer picks from (with its
 * instance cache on or off, {@code spring.cloud.loadbalancer.cache.enabled}: the cache is what keeps a
 * gateway calling a dead instance for up to 35 s, spring-cloud-alibaba #3175). Its whole behaviour is in
 * application.properties: the lab runs it unmodified, as a team would.
 */
@SpringBootApplication
public class LabGateway {

    /** The line the lab waits for before asking the gateway to route. */
    static final String READY = "lab gateway ready";

    public static void main(String[] args) {
        SpringApplication.run(LabGateway.class, args);
    }

    @EventListener
    public void ready(ApplicationReadyEvent event) {
        System.out.println(READY);
        System.out.flush();
    }
}
