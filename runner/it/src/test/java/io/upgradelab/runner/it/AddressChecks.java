package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.ServiceSummary;
import io.upgradelab.runner.testing.ProcessSockets;
import io.upgradelab.runner.testing.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run laid out as hosts would be: each node, the fleet, the probe and the demo providers at an
 * address of their own. What each registers and every socket each holds must be at its own address.
 */
final class AddressChecks {

    static final List<String> NODES = List.of("127.0.0.11", "127.0.0.12", "127.0.0.13");
    static final String FLEET = "127.0.0.21";
    static final String PROBE = "127.0.0.31";
    static final String DEMO = "127.0.0.32";

    private AddressChecks() {
    }

    /**
     * Node 1 lists every fleet provider at the fleet's address, every demo provider at theirs and
     * the probe's consumer at the probe's: none at 127.0.0.1. The lab's own services (node readiness
     * canaries, 1.x keeps them empty; the benchmarks') and the test's forwarded registration are left out.
     */
    static void everyInstanceCarriesItsProcesssAddress(NacosApi api) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            List<ServiceSummary> services = api.services();
            assertThat(services).anyMatch(s -> s.name().startsWith("consumers:"))
                    .anyMatch(s -> s.name().contains("LoadService")).anyMatch(s -> s.name().contains("DemoService"));
            for (ServiceSummary service : services.stream().filter(s -> !s.name().startsWith("upgrade-lab")).toList()) {
                String expected = service.name().contains("LoadService") ? FLEET
                        : service.name().startsWith("consumers:") ? PROBE : DEMO;
                assertThat(api.instances(NacosApi.DEFAULT_GROUP.equals(service.group()) ? service.name()
                        : service.group() + "@@" + service.name()))
                        .as(service.name()).isNotEmpty().allSatisfy(i -> assertThat(i.ip()).isEqualTo(expected));
            }
        });
    }

    /**
     * Every TCP and UDP socket of every process the run started, listening or connected, is on the
     * address the lab gave that process: the nodes' gRPC and raft ports too, which Nacos would bind
     * on every address, and the connections each process opens.
     */
    static void everySocketIsOnItsProcesssAddress(Path runDirectory) throws IOException {
        Set<String> checked = new TreeSet<>();
        for (long pid : Processes.using(runDirectory)) {
            Optional<String> own = ProcessSockets.labAddress(pid);
            if (own.isEmpty()) {
                continue;   // the runner itself
            }
            List<ProcessSockets.Socket> sockets = ProcessSockets.of(pid);
            assertThat(sockets).as("sockets of pid %d at %s", pid, own.get()).isNotEmpty()
                    .allSatisfy(s -> assertThat(s.local()).as(s.toString()).isEqualTo(own.get()));
            checked.add(own.get());
        }
        assertThat(checked).contains(NODES.get(0), NODES.get(1), NODES.get(2), FLEET, PROBE, DEMO);
    }
}
