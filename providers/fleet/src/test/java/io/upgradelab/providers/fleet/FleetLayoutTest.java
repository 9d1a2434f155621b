package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FleetLayoutTest {

    private final FleetLayout layout = new FleetLayout(140, 140, 30000, "lab");

    @Test
    void providersAreDubboInterfaceLevelRegistrationsOnLoopback() {
        Provider p = layout.provider(141);
        assertThat(p.serviceName()).isEqualTo("providers:org.upgradelab.demo.LoadService001::");
        assertThat(p.ip()).isEqualTo("127.0.0.1");
        assertThat(p.port()).isEqualTo(30001);
        assertThat(p.metadata()).containsEntry("interface", "org.upgradelab.demo.LoadService001")
                .containsEntry("path", "org.upgradelab.demo.LoadService001")
                .containsEntry("side", "provider").containsEntry("category", "providers")
                .containsEntry("protocol", "dubbo").containsEntry("application", "lab")
                .containsKeys("dubbo", "release", "methods", "timestamp", "pid");
    }

    @Test
    void servicesFillEvenlyAndNoProcessHoldsOneServiceTwice() {
        FleetLayout small = new FleetLayout(10, 4, 30000, "lab");
        Set<String> seen = new HashSet<>();
        int[] perService = new int[10];
        for (int i = 0; i < 100; i++) {
            Provider p = small.provider(i);
            assertThat(seen.add(small.processOf(i) + "/" + p.serviceName())).as("provider %d", i).isTrue();
            perService[i % 10]++;
        }
        assertThat(perService).containsOnly(10);
    }

    @Test
    void moreProvidersPerClientThanServicesIsRefused() {
        assertThatThrownBy(() -> new FleetLayout(10, 11, 30000, "lab")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("providers per client (11) <= services (10)");
    }
}
