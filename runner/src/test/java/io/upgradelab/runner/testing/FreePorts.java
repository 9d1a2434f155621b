package io.upgradelab.runner.testing;

import io.upgradelab.runner.backend.local.ListeningSockets;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.NodePorts;
import java.util.concurrent.ThreadLocalRandom;

/** A first HTTP port for an end-to-end test's cluster whose every derived port is free now. */
public final class FreePorts {

    private FreePorts() {
    }

    public static int firstPortFor(int nodes) {
        ListeningSockets listening = ListeningSockets.read();
        for (int attempt = 0; attempt < 200; attempt++) {
            int first = 20000 + 100 * ThreadLocalRandom.current().nextInt(300);
            boolean free = true;
            for (int n = 0; n < nodes && free; n++) {
                free = new NodePorts(first + n * LocalClusterSpec.PORT_STEP).byPurpose().keySet().stream()
                        .noneMatch(listening::isTaken);
            }
            if (free) {
                return first;
            }
        }
        throw new IllegalStateException("no free port range found between 20000 and 50000");
    }
}
