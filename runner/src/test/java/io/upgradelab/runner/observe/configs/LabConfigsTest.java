package io.upgradelab.runner.observe.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which client versions listen to the configs: the experiment's, and always a 1.x and a 2.x. */
class LabConfigsTest {

    @Test
    void theReferenceExperimentListensWithItsTwoVersions() {
        assertThat(LabConfigs.listeningClients(List.of("1x", "1x", "2x"))).containsExactly("1.4.1", "2.0.4");
    }

    @Test
    void everyVersionTheFleetAndProbeRunListensInReleaseOrder() {
        assertThat(LabConfigs.listeningClients(List.of("2.0.4", "2.10.0", "1.4.1", "2.3.2", "2.5.1")))
                .containsExactly("1.4.1", "2.0.4", "2.3.2", "2.5.1", "2.10.0");
    }

    @Test
    void aGenerationTheExperimentLacksListensWithItsShorthandsVersion() {
        assertThat(LabConfigs.listeningClients(List.of("2.3.2", "2.5.1"))).containsExactly("1.4.1", "2.3.2", "2.5.1");
        assertThat(LabConfigs.listeningClients(List.of("1X"))).containsExactly("1.4.1", "2.0.4");
    }
}
