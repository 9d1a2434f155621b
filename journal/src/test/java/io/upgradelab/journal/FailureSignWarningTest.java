package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where a sign showed, as its message says it: a node, or the lab's own clients (node 0). */
class FailureSignWarningTest {

    @Test
    void aNodesSignNamesTheNode() {
        FailureSignWarning w = FailureSignWarning.of("invalidRedirect", "alibaba/nacos #12070", 2, "a line", 3);
        assertThat(w.message()).isEqualTo("failure sign invalidRedirect (alibaba/nacos #12070) on node 2: a line"
                + " (and 3 more since the last)");
    }

    @Test
    void aClientsSignSaysItShowedInTheLabsClientsNotOnANodeZero() {
        FailureSignWarning w = FailureSignWarning.of("clientRefused", "Nacos 3.3", FailureSignWarning.CLIENTS,
                "fleet: ErrCode:403", 0);
        assertThat(w.node()).isZero();
        assertThat(w.message()).isEqualTo("failure sign clientRefused (Nacos 3.3) in the lab's clients: fleet: ErrCode:403")
                .doesNotContain("node 0");
        assertThat(FailureSignWarning.SIGNS).contains("clientRefused");
    }
}
