package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.testing.Targets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The disk check before a run: local nodes need room for Nacos's own logs, other backends only for the lab's. */
class DiskRoomTest {

    private static final long GIB = 1L << 30;
    private static final Path RUN = Path.of("runs/x");

    @Test
    void threeLocalNodesWantNineteenGibAndSaySo() {
        Target local = Targets.of("{backend: local, version: 1.4.1}");

        assertThat(DiskRoom.warning(19 * GIB, RUN, local)).isEmpty();
        assertThat(DiskRoom.warning(10 * GIB, RUN, local)).hasValueSatisfying(w -> assertThat(w)
                .startsWith("10.0 GiB free where runs/x is, and a run here may write up to 19.0 GiB (mostly the 3 Nacos"
                        + " nodes' own logs").endsWith("free some, or --out elsewhere"));
    }

    @Test
    void aClusterElsewhereLeavesOnlyTheLabsOwnFiles() {
        Target kubernetes = Targets.of("{backend: kubernetes, version: 1.4.1}");

        assertThat(DiskRoom.warning(2 * GIB, RUN, kubernetes)).isEmpty();
        assertThat(DiskRoom.warning(GIB / 2, RUN, kubernetes)).hasValueSatisfying(w -> assertThat(w)
                .contains("up to 1.0 GiB:"));
    }
}
