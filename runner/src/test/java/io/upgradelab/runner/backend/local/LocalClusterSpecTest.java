package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalClusterSpecTest {

    private static final Path DIR = Path.of("/tmp/unused");

    @Test
    void noTwoPortsOfAFiveNodeClusterCollide() {
        LocalClusterSpec spec = LocalClusterSpec.of("1.4.1", 5, DIR);
        Set<Integer> ports = new HashSet<>();
        for (int n = 1; n <= 5; n++) {
            for (int port : spec.portsOf(n).byPurpose().keySet()) {
                assertThat(ports.add(port)).as("port %d of node %d is unique", port, n).isTrue();
            }
        }
        assertThat(spec.portsOf(2).http()).isEqualTo(8858);
        assertThat(spec.portsOf(2).grpcClient()).isEqualTo(9858);
        assertThat(spec.portsOf(2).grpcCluster()).isEqualTo(9859);
        assertThat(spec.portsOf(2).raft()).isEqualTo(7858);
    }

    @Test
    void twoNodesAreRefusedAsInvalidInput() {
        assertThatThrownBy(() -> LocalClusterSpec.of("1.4.1", 2, DIR))
                .isInstanceOfSatisfying(LabException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(LabException.INVALID_INPUT))
                .hasMessageContaining("--nodes 2");
    }

    @Test
    void aFirstPortWithoutRoomForRaftOrGrpcIsRefused() {
        assertThatThrownBy(() -> LocalClusterSpec.of("1.4.1", 1, DIR).withFirstPort(1500))
                .isInstanceOf(LabException.class).hasMessageContaining("--port 1500");
        assertThatThrownBy(() -> LocalClusterSpec.of("1.4.1", 3, DIR).withFirstPort(64530))
                .isInstanceOf(LabException.class).hasMessageContaining("node 2: HTTP port 64540");
    }

    @Test
    void aHeapThatIsNotAJvmSizeIsRefused() {
        assertThatThrownBy(() -> new LocalClusterSpec("1.4.1", 1, 8848, DIR, "lots",
                LocalClusterSpec.DEFAULT_START_TIMEOUT, java.util.Map.of()))
                .isInstanceOf(LabException.class).hasMessageContaining("--heap: 'lots' is not a heap size");
    }
}
