package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fleet's providers per client version, as the journal and the reports list them. */
class FleetStatusTest {

    @Test
    void clientVersionsAreListedInReleaseOrderNotAsText() {
        FleetStatus status = status(Map.of("2.10.0", 3, "2.5.1", 2, "1.4.1", 1));
        assertThat(status.providers().keySet()).containsExactly("1.4.1", "2.5.1", "2.10.0");
        assertThat(status.processes().keySet()).containsExactly("1.4.1", "2.5.1", "2.10.0");
        assertThat(status.providers("2.10.0")).isEqualTo(3);
        assertThat(status.totalProviders()).isEqualTo(6);
    }

    @Test
    void olderJournalsKeepTheirGenerationsInOrder() {
        assertThat(status(Map.of("2x", 5, "1x", 7)).providers().keySet()).containsExactly("1x", "2x");
        assertThat(status(null).providers()).isEmpty();
    }

    private static FleetStatus status(Map<String, Integer> byClient) {
        return new FleetStatus(byClient, byClient, 0, false, 0, 0, null, null, 0, 0, 0, 0);
    }
}
